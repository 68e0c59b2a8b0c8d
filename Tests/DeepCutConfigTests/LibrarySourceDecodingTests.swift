import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

/// The per-source keys of `library[]` entries.
@Suite struct LibrarySourceDecodingTests {
    private let scratch = ScratchFolder()

    private func sources(_ library: String) throws -> [LibrarySource] {
        try ConfigLoader.load(from: scratch.write("config.json", #"{"library": \#(library)}"#)).library
    }

    private func failure(_ library: String) -> String? {
        do {
            _ = try sources(library)
            return nil
        } catch let error as ConfigError {
            return error.message
        } catch {
            return "unexpected \(type(of: error)): \(error)"
        }
    }

    @Test func compilationArtistsDefaultsOffForLibraryXML() throws {
        let library = try sources(
            #"[{"format": "itunes-xml", "path": "Library.xml"}, {"format": "itunes-xml", "path": "b.xml", "compilationArtists": true}]"#)
        #expect(library.map(\.compilationArtists) == [false, true])
        #expect(library[0].path == scratch.url.appendingPathComponent("Library.xml").standardizedFileURL)
    }

    @Test func compilationArtistsMustBeABoolean() {
        #expect(
            failure(#"[{"format": "itunes-xml", "path": "Library.xml", "compilationArtists": "yes"}]"#)
                == "config.json: library[0].compilationArtists: expected boolean, got string")
    }

    @Test func optionsOfOtherFormatsAreUnknownKeys() {
        #expect(
            failure(#"[{"format": "beets", "path": "library.db", "compilationArtists": true}]"#)
                == "config.json: unknown key 'library[0].compilationArtists'")
        #expect(
            failure(#"[{"format": "csv", "path": "library.csv", "userTokenFile": "user.token"}]"#)
                == "config.json: unknown key 'library[0].userTokenFile'")
        #expect(
            failure(#"[{"format": "apple-music-library", "path": "library.csv"}]"#)
                == "config.json: unknown key 'library[0].path'")
    }

    @Test func appleMusicLibraryNeedsNoPath() throws {
        let library = try sources(#"[{"format": "apple-music-library"}]"#)
        #expect(library == [LibrarySource(format: .appleMusicLibrary, path: URL(string: "https://api.music.apple.com")!)])
        #expect(library[0].name == "api.music.apple.com")
    }

    @Test func appleMusicLibraryKeysResolveAgainstTheConfigFolder() throws {
        let library = try sources(
            #"[{"format": "apple-music-library", "baseURL": "http://127.0.0.1:8080", "tokenFile": "secrets/dev.token", "userTokenFile": "/run/user.token"}]"#
        )
        #expect(library[0].path == URL(string: "http://127.0.0.1:8080")!)
        #expect(library[0].name == "127.0.0.1:8080")
        #expect(library[0].tokenFile == scratch.url.appendingPathComponent("secrets/dev.token").standardizedFileURL)
        #expect(library[0].userTokenFile == URL(fileURLWithPath: "/run/user.token"))
    }

    @Test func appleMusicBaseURLMustBeHTTP() {
        #expect(
            failure(#"[{"format": "apple-music-library", "baseURL": "file:///etc/passwd"}]"#)
                == "config.json: library[0].baseURL: expected an absolute http(s) URL, got 'file:…' (no host)")
    }
}
