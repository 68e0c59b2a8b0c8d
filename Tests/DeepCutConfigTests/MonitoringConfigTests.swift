import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

@Suite struct MonitoringConfigTests {
    private let scratch = ScratchFolder()

    private func load(_ fragment: String?) throws -> Config {
        let monitoring = fragment.map { #", "monitoring": \#($0)"# } ?? ""
        return try ConfigLoader.load(
            from: scratch.write("config.json", #"{"library": [{"format": "csv", "path": "l.csv"}]\#(monitoring)}"#))
    }

    private func failure(_ fragment: String) -> String? {
        do {
            _ = try load(fragment)
            return nil
        } catch {
            return (error as? ConfigError)?.message ?? "unexpected \(error)"
        }
    }

    @Test func aHealthchecksURLGivesTheThreePings() throws {
        #expect(try load(nil).monitoring == nil)
        let monitoring = try #require(try load(#"{"url": "https://hc-ping.com/5b9e"}"#).monitoring)
        #expect(monitoring.startURL?.absoluteString == "https://hc-ping.com/5b9e/start")
        #expect(monitoring.successURL.absoluteString == "https://hc-ping.com/5b9e")
        #expect(monitoring.failURL.absoluteString == "https://hc-ping.com/5b9e/fail")
        #expect(monitoring.timeoutSeconds == 5)
        #expect(monitoring.partialAs == .success)
    }

    @Test func otherSchemesNameTheirURLs() throws {
        let kuma = try #require(
            try load(
                #"{"successURL": "https://kuma.example.org/api/push/T?status=up", "failURL": "https://kuma.example.org/api/push/T?status=down", "partial": "fail", "timeoutSeconds": 2}"#
            ).monitoring)
        #expect(kuma.startURL == nil)
        #expect(kuma.successURL.absoluteString == "https://kuma.example.org/api/push/T?status=up")
        #expect(kuma.failURL.absoluteString == "https://kuma.example.org/api/push/T?status=down")
        #expect(kuma.partialAs == .fail)
        #expect(kuma.timeoutSeconds == 2)
        let overridden = try #require(
            try load(#"{"url": "https://hc.example.org/p/k", "startURL": "https://hc.example.org/p/k/log"}"#).monitoring)
        #expect(overridden.startURL?.absoluteString == "https://hc.example.org/p/k/log")
    }

    @Test(arguments: [
        (#"{}"#, "config.json: monitoring: needs 'url' (a Healthchecks-style ping URL) or 'startURL', 'successURL' and 'failURL'"),
        (
            #"{"successURL": "https://kuma.example.org/up"}"#,
            "config.json: monitoring: without 'url', both 'successURL' and 'failURL' are needed ('startURL' is optional)"
        ),
        (
            #"{"url": "https://hc-ping.com/x", "partial": "warn"}"#,
            "config.json: monitoring.partial: must be one of success, fail, got 'warn'"
        ),
        (
            #"{"url": "https://hc-ping.com/x", "timeoutSeconds": 0}"#,
            "config.json: monitoring.timeoutSeconds: must be between 1 and 60, got 0"
        ),
        (#"{"url": "https://hc-ping.com/x", "timeout": 3}"#, "config.json: unknown key 'monitoring.timeout'")
    ])
    func badValuesAreNamed(fragment: String, message: String) {
        #expect(failure(fragment) == message)
    }
}
