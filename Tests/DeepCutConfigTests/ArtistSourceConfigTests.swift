import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

/// `artistSources` and `autoAcceptPlays` (issue 33): defaults, per-kind keys, and one clear line for each mistake.
@Suite struct ArtistSourceConfigTests {
    private let scratch = ScratchFolder()

    private func load(_ extra: String) throws -> Config {
        try ConfigLoader.load(from: scratch.write("config.json", #"{"library": [{"format": "csv", "path": "l.csv"}]\#(extra)}"#))
    }

    private func failure(_ extra: String) -> String? {
        do {
            _ = try load(extra)
            return nil
        } catch let error as ConfigError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func absentMeansNoSourcesAndNoAutoAccept() throws {
        let config = try load("")
        #expect(config.artistSources.isEmpty && config.autoAcceptPlays == nil)
    }

    @Test func eachKindWithItsDefaults() throws {
        let config = try load(
            #", "autoAcceptPlays": 50, "artistSources": [{"kind": "listenbrainz", "user": "alice"}, "#
                + #"{"kind": "lastfm", "user": "rj", "apiKeyFile": "lastfm.key", "period": "3month", "minPlays": 3}, "#
                + #"{"kind": "followed", "path": "follows.csv"}]"#)
        let folder = scratch.url.standardizedFileURL
        #expect(config.autoAcceptPlays == 50)
        #expect(
            config.artistSources == [
                ArtistSource(kind: .listenbrainz, user: "alice", location: ArtistSource.listenBrainzBaseURL, period: "all_time"),
                ArtistSource(
                    kind: .lastfm, user: "rj", location: ArtistSource.lastFMBaseURL,
                    secretFile: folder.appendingPathComponent("lastfm.key"), minPlays: 3, period: "3month"),
                ArtistSource(kind: .followed, user: nil, location: folder.appendingPathComponent("follows.csv"), period: "")
            ])
        #expect(config.artistSources.map(\.name) == ["listenbrainz:alice", "lastfm:rj", "followed:follows.csv"])
    }

    @Test func mistakesNameTheKey() {
        #expect(
            failure(#", "artistSources": [{"kind": "lastfm", "user": "rj"}]"#) == "config.json: missing key 'artistSources[0].apiKeyFile'")
        #expect(
            failure(#", "artistSources": [{"kind": "listenbrainz", "user": "a", "period": "7day"}]"#)?
                .hasPrefix("config.json: artistSources[0].period: must be one of this_week") == true)
        #expect(
            failure(#", "artistSources": [{"kind": "followed", "path": "f.txt", "minPlays": 3}]"#)
                == "config.json: unknown key 'artistSources[0].minPlays'")
        #expect(
            failure(#", "artistSources": [{"kind": "spotify", "user": "a"}]"#)?.hasPrefix("config.json: artistSources[0].kind: ") == true)
        #expect(failure(#", "autoAcceptPlays": 0"#)?.hasPrefix("config.json: autoAcceptPlays: ") == true)
        #expect(
            failure(#", "artistSources": [{"kind": "listenbrainz", "user": "a"}, {"kind": "listenbrainz", "user": "a"}]"#)
                == "config.json: artistSources: entry 1 repeats source listenbrainz:a")
    }
}
