import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

/// `artistRules` and the feed's `hideVariants`, `excludeGenres`, `excludeLabels`.
@Suite struct ReleaseRulesConfigTests {
    private let scratch = ScratchFolder()

    private func load(_ fragment: String) throws -> Config {
        try ConfigLoader.load(from: scratch.write("config.json", #"{"library": [{"format": "csv", "path": "l.csv"}]\#(fragment)}"#))
    }

    private func failure(_ fragment: String) -> String? {
        do {
            _ = try load(fragment)
            return nil
        } catch {
            return (error as? ConfigError)?.message ?? "unexpected \(error)"
        }
    }

    @Test func absentKeysChangeNothing() throws {
        let config = try load("")
        #expect(config.artistRules.isEmpty)
        #expect(!config.feed.hideVariants && config.feed.excludeGenres.isEmpty && config.feed.excludeLabels.isEmpty)
        #expect(config.releaseFilters == .none)
        #expect(config.fetchedTypes == config.feed.types)
    }

    @Test func rulesAndFiltersAreRead() throws {
        let config = try load(
            #", "feed": {"types": ["album"], "hideVariants": true, "excludeGenres": ["Holiday"], "excludeLabels": ["Dead Oceans"]}, "#
                + #""artistRules": {"Bonobo": {"types": ["album", "single", "appearance"]}, "Khruangbin": {"newBy": "discovery"}}"#)
        #expect(config.feed.hideVariants)
        #expect(config.feed.excludeGenres == ["Holiday"] && config.feed.excludeLabels == ["Dead Oceans"])
        let rules = config.artistRules.sorted { $0.name < $1.name }
        #expect(rules.map(\.name) == ["Bonobo", "Khruangbin"])
        #expect(rules[0].types == TypeSelection(primary: [.album, .single], secondary: [.appearance]))
        #expect(rules[0].newBy == nil && rules[1].types == nil && rules[1].newBy == .discovery)
        // The catalog is asked for the union, so Bonobo's appearances and singles are fetched.
        #expect(config.fetchedTypes.primary == [.album, .single])
        #expect(config.fetchedTypes.secondary.contains(.appearance))
        #expect(config.unknownRuleArtists(libraryArtists: ["bonobo", "Four Tet"]) == ["Khruangbin"])
    }

    @Test(arguments: [
        (
            #", "artistRules": {"Bonobo": {"types": ["mixtape"]}}"#,
            "config.json: artistRules.Bonobo.types[0]: must be one of album, ep, single, compilation, live, remix, soundtrack, demo, appearance, got 'mixtape'"
        ),
        (
            #", "artistRules": {"Bonobo": {"newBy": "soon"}}"#,
            "config.json: artistRules.Bonobo.newBy: must be one of release, discovery, either, got 'soon'"
        ),
        (
            #", "artistRules": {"Bonobo": {}}"#,
            "config.json: artistRules.Bonobo: names neither 'types' nor 'newBy': the rule would change nothing"
        ),
        (
            #", "artistRules": {"Bonobo": {"type": ["album"]}}"#,
            "config.json: unknown key 'artistRules.Bonobo.type' (did you mean 'artistRules.Bonobo.types'?)"
        ),
        (
            #", "artistRules": {"Bonobo": {"newBy": "release"}, " bonobo": {"newBy": "release"}}"#,
            "config.json: artistRules. bonobo: names the same artist as 'Bonobo'"
        ),
        (#", "artistRules": ["Bonobo"]"#, "config.json: artistRules: expected object, got array"),
        (#", "feed": {"hideVariants": "yes"}"#, "config.json: feed.hideVariants: expected boolean, got string"),
        (#", "feed": {"excludeGenres": [""]}"#, "config.json: feed.excludeGenres[0]: must not be empty")
    ])
    func badValuesAreNamed(fragment: String, message: String) {
        #expect(failure(fragment) == message)
    }
}
