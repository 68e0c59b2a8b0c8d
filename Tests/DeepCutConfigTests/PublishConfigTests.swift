import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

@Suite struct PublishConfigTests {
    private let scratch = ScratchFolder()

    private func load(publish fragment: String?) throws -> Config {
        let publish = fragment.map { #", "publish": \#($0)"# } ?? ""
        return try ConfigLoader.load(from: scratch.write("config.json", #"{"library": [{"format": "csv", "path": "l.csv"}]\#(publish)}"#))
    }

    private func failure(_ fragment: String) -> String? {
        do {
            _ = try load(publish: fragment)
            return nil
        } catch {
            return (error as? ConfigError)?.message ?? "unexpected \(error)"
        }
    }

    @Test func baseURLIsOptional() throws {
        #expect(try load(publish: nil).publish.baseURL == nil)
        #expect(try load(publish: "{}").publish.baseURL == nil)
        #expect(
            try load(publish: #"{"baseURL": "https://example.org/deepcut/"}"#).publish.baseURL
                == URL(string: "https://example.org/deepcut/"))
    }

    @Test(arguments: [
        (
            #"{"baseURL": "ftp://example.org/x"}"#,
            "config.json: publish.baseURL: expected an absolute http(s) URL, got 'ftp://example.org/…'"
        ),
        (
            #"{"baseURL": "/srv/feed"}"#,
            "config.json: publish.baseURL: expected an absolute http(s) URL, got a value with no scheme (not shown: it may hold a secret)"
        ),
        (#"{"baseURL": "https://example.org/?a=1"}"#, "config.json: publish.baseURL: must not have a query or fragment"),
        (#"{"baseURL": 3}"#, "config.json: publish.baseURL: expected string, got number"),
        (#"{"baseUrl": "https://example.org/"}"#, "config.json: unknown key 'publish.baseUrl' (did you mean 'publish.baseURL'?)"),
        (#""https://example.org/""#, "config.json: publish: expected object, got string")
    ])
    func badValuesAreNamed(fragment: String, message: String) {
        #expect(failure(fragment) == message)
    }
}

@Suite struct FeedEntriesConfigTests {
    private let scratch = ScratchFolder()

    private func load(publish fragment: String?) throws -> Config {
        let publish = fragment.map { #", "publish": \#($0)"# } ?? ""
        return try ConfigLoader.load(from: scratch.write("config.json", #"{"library": [{"format": "csv", "path": "l.csv"}]\#(publish)}"#))
    }

    @Test func defaultsTo500() throws {
        #expect(try load(publish: nil).publish.feedEntries == 500)
        #expect(try load(publish: "{}").publish.feedEntries == 500)
        #expect(try load(publish: #"{"feedEntries": 1}"#).publish.feedEntries == 1)
        #expect(try load(publish: #"{"feedEntries": 20000}"#).publish.feedEntries == 20_000)
    }

    @Test(arguments: [
        (#"{"feedEntries": 0}"#, "config.json: publish.feedEntries: must be between 1 and 100000, got 0"),
        (#"{"feedEntries": 100001}"#, "config.json: publish.feedEntries: must be between 1 and 100000, got 100001"),
        (#"{"feedEntries": 2.5}"#, "config.json: publish.feedEntries: expected integer, got 2.5"),
        (#"{"feedEntries": "500"}"#, "config.json: publish.feedEntries: expected integer, got string"),
        (#"{"feedEntrys": 500}"#, "config.json: unknown key 'publish.feedEntrys' (did you mean 'publish.feedEntries'?)")
    ])
    func badValuesAreNamed(fragment: String, message: String) {
        do {
            _ = try load(publish: fragment)
            Issue.record("accepted \(fragment)")
        } catch {
            #expect((error as? ConfigError)?.message == message)
        }
    }
}
