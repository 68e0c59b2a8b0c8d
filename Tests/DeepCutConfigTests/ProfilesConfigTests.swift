import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

/// `profiles` (issue 33): a household's people in one config, each a config of their own after the sweep.
@Suite struct ProfilesConfigTests {
    private let scratch = ScratchFolder()

    private func load(_ body: String) throws -> Config {
        try ConfigLoader.load(from: scratch.write("config.json", "{\(body)}"))
    }

    private func failure(_ body: String) -> String? {
        do {
            _ = try load(body)
            return nil
        } catch let error as ConfigError {
            return error.message
        } catch {
            return "unexpected \(type(of: error)): \(error)"
        }
    }

    private static let two = #"""
        "feed": {"windowDays": 60},
        "profiles": [
          {"name": "ana", "library": [{"format": "csv", "path": "ana.csv"}], "feed": {"types": ["album"]},
           "filters": {"hideVariants": true, "artistRules": {"Aster": {"types": ["album", "single"]}}}},
          {"name": "ben", "library": [{"format": "csv", "path": "ben.csv"}], "feed": {"windowDays": 200, "types": ["ep"]},
           "outputDirectory": "/srv/ben", "notify": [{"name": "phone", "type": "ntfy", "url": "https://ntfy.sh/ben-music"}]}
        ]
        """#

    @Test func eachProfileIsTheHouseholdsConfigWithItsOwnParts() throws {
        let config = try load(Self.two)
        #expect(config.profiles.map(\.name) == ["ana", "ben"])
        let (ana, ben) = (config.profiles[0].config, config.profiles[1].config)
        #expect(ana.library.map(\.path.lastPathComponent) == ["ana.csv"])
        #expect(ana.feed.windowDays == 60, "the household's feed is each profile's default")
        #expect(ben.feed.windowDays == 200)
        #expect(ana.feed.hideVariants && !ben.feed.hideVariants)
        #expect(ana.artistRules.map(\.name) == ["Aster"])
        #expect(ana.notify.isEmpty && ben.notify.count == 1)
        #expect(ana.stateDatabase == scratch.url.appendingPathComponent("profiles/ana/state.db"))
        #expect(ana.catalogDatabase == config.stateDatabase, "a profile's store reads the household's catalog")
        #expect(ana.outputDirectory == scratch.url.appendingPathComponent("feed/ana", isDirectory: true))
        #expect(ben.outputDirectory.path == "/srv/ben")
        #expect(ana.profileName == "ana" && config.profileName == nil)
    }

    @Test func aProfilesFeedLinksPointIntoItsOwnFolder() throws {
        let config = try load(#""publish": {"baseURL": "https://example.org/music/", "feedEntries": 50}, "# + Self.two)
        #expect(config.profiles[0].config.publish.baseURL?.absoluteString == "https://example.org/music/ana/")
        #expect(config.profiles[0].config.publish.feedEntries == 50)
        #expect(config.profiles[1].config.publish.baseURL == nil, "Ben's folder is elsewhere: served where his own publish says")
        let own = try load(
            #""publish": {"baseURL": "https://example.org/music/"}, "profiles": [{"name": "ben", "library": [{"format": "csv", "path": "b.csv"}], "outputDirectory": "/srv/ben", "publish": {"baseURL": "https://ben.example.org/"}}]"#
        )
        #expect(own.profiles[0].config.publish.baseURL?.absoluteString == "https://ben.example.org/")
    }

    @Test func theSweepAsksForWhatAnyProfileWantsOverTheWidestWindow() throws {
        let config = try load(Self.two)
        #expect(config.feed.windowDays == 200)
        #expect(config.fetchedTypes.primary == [.album, .single, .ep], "Ana's album, her rule's single, Ben's EP")
    }

    @Test func misplacedOrDuplicateKeysAreNamed() {
        let library = #""library": [{"format": "csv", "path": "a.csv"}]"#
        #expect(
            failure(#"\#(library), "profiles": [{"name": "ana", \#(library)}]"#)
                == "config.json: library: with 'profiles', each profile gives its own 'library'")
        #expect(
            failure(#""profiles": [{"name": "ana", \#(library)}, {"name": "ana", \#(library)}]"#)
                == "config.json: profiles[1]: the name 'ana' is already another profile's")
        #expect(failure(#""profiles": [{"name": "Ana B", \#(library)}]"#)?.contains("profiles[0].name") == true)
        #expect(failure(#""profiles": [{"name": "ana"}]"#) == "config.json: missing key 'profiles[0].library'")
        #expect(
            failure(#""profiles": [{"name": "ana", \#(library), "stateDatabase": "state.db"}]"#)?.contains("already in use") == true,
            "a profile's state must not be the household's")
        #expect(failure(#""profiles": [{"name": "ana", \#(library), "filters": {"hideVariant": true}}]"#)?.contains("did you mean") == true)
        #expect(failure(#""profiles": []"#) != nil)
    }
}
