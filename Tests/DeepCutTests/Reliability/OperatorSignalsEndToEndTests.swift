import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutHTTP
@testable import DeepCutPublish

/// Issue 16, through the real binary: what operators see in the tools they already use —
/// unresolved artists named with the override to paste, journal priorities for failed and partial
/// runs, and a `deepcut health` that answers every path in the monitoring-plugins convention.
@Suite struct OperatorSignalsEndToEndTests {
    /// Khruangbin resolves; two artists share the name Nirvana and neither lists an owned album;
    /// three library artists are unknown to the catalog.
    static let artists = [
        FixtureArtist(id: "101", name: "Khruangbin", releases: [ReliabilityWorld.release("1001", "A La Sala", daysAgo: 10)]),
        FixtureArtist(id: "201", name: "Nirvana", releases: [ReliabilityWorld.release("2001", "Bleach", daysAgo: 12)]),
        FixtureArtist(id: "202", name: "Nirvana", releases: [ReliabilityWorld.release("2002", "Local Anthology", daysAgo: 14)])
    ]
    static let library = #"""
        title,artist
        Mordechai,Khruangbin
        Nevermind,Nirvana
        Selected Ambient Works,Aphex Twin
        "Ágætis byrjun",Sigur Rós
        "Say ""Hi""",The "Quoted" Band
        """#

    static func world(_ library: String = library, topLevelKeys: [String: String] = [:]) throws -> ReliabilityWorld {
        try ReliabilityWorld(
            artists: artists, library: library + "\n",
            topLevelKeys: ["prometheusTextfile": #""metrics/deepcut.prom""#].merging(topLevelKeys) { $1 })
    }

    // MARK: Unresolved artists

    @Test func notFoundAndAmbiguousArtistsAreNamedWithTheOverrideToPasteAndMostlyNotFoundWarns() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world()
        let sweep = try await world.spawn("sweep").finish()
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let notFound = ["Aphex Twin", "Sigur Rós", #"The "Quoted" Band"#]

        let health = try world.health()
        #expect(health.status == .complete)
        #expect(health.sweep.notFoundArtists == notFound)
        #expect(health.sweep.ambiguousArtists == ["Nirvana"])
        #expect(
            try await JSONSchemaValidator.health.problems([
                ("health.json", Data(contentsOf: world.feed.appendingPathComponent("health.json")))
            ])
                == [])

        // health.txt: the names and a line that parses as the config's artistOverrides.
        let text = try String(contentsOf: world.feed.appendingPathComponent("health.txt"), encoding: .utf8)
        #expect(text.contains(#"not found in the catalog (3 of 5): Aphex Twin, Sigur Rós, The "Quoted" Band"#), "\(text)")
        let pasted = try #require(text.split(separator: "\n").first { $0.contains("pin with:") && $0.contains("Aphex") })
        let overrides = try Self.overrides(String(pasted))
        #expect(overrides == Dictionary(uniqueKeysWithValues: notFound.map { ($0, UnresolvedArtists.idPlaceholder) }))
        #expect(text.contains(#"pin with: "artistOverrides": {"Nirvana": "CATALOG-ID"}"#))
        #expect(text.contains("next:     3 of 5 artists not found in the catalog: check catalog.country"), "\(text)")

        // The page: a panel naming both groups, with the override lines.
        let page = try String(contentsOf: world.feed.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<h3 id=\"not-found-heading\">Not found in the catalog (3)</h3>"))
        #expect(page.contains("<li><bdi>Sigur Rós</bdi></li>"))
        #expect(page.contains("<li><bdi>The &quot;Quoted&quot; Band</bdi></li>"))
        #expect(page.contains("<h3 id=\"ambiguous-heading\">Several catalog artists share the name (1)</h3>"))
        #expect(page.contains("<code>&quot;artistOverrides&quot;: {&quot;Nirvana&quot;: &quot;CATALOG-ID&quot;}</code>"))

        // The metrics: one series per unresolved artist, by reason.
        let metrics = try String(contentsOf: world.folder.url.appendingPathComponent("metrics/deepcut.prom"), encoding: .utf8)
        #expect(metrics.contains(#"deepcut_artist_unresolved{artist="Aphex Twin",reason="notFound"} 1"#))
        #expect(metrics.contains(#"deepcut_artist_unresolved{artist="The \"Quoted\" Band",reason="notFound"} 1"#))
        #expect(metrics.contains(#"deepcut_artist_unresolved{artist="Nirvana",reason="ambiguous"} 1"#))
        #expect(!metrics.contains(#"artist="Khruangbin""#))

        // Most artists not found: WARNING (exit 1) with the hint, though the sweep was complete.
        let check = try await world.spawn("health").finish()
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.hasPrefix("DEEPCUT WARNING: "))
        #expect(check.stdout.contains("3 of 5 artists not found in the catalog: check catalog.country"), "\(check.stdout)")
        #expect(check.stdout.contains("; 1 ambiguous: Nirvana;"), "\(check.stdout)")
        #expect(check.stdout.contains("'artists_not_found'=3;;;0"))
    }

    @Test func aFewNotFoundArtistsAreNamedButStayOK() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world("title,artist\nMordechai,Khruangbin\nBleach,Nirvana\nSelected Ambient Works,Aphex Twin")
        #expect(try await world.spawn("sweep").finish().status == 0)
        #expect(try world.health().sweep.notFoundArtists == ["Aphex Twin"])
        #expect(try world.health().sweep.ambiguousArtists == nil, "the namesake listing the owned album wins")
        let check = try await world.spawn("health").finish()
        #expect(check.status == 0, "\(check.stdout)")
        #expect(
            check.stdout.contains("; 1 not found in the catalog: Aphex Twin (pin with artistOverrides, see health.txt);"), "\(check.stdout)"
        )
        #expect(!check.stdout.contains("check catalog.country"))
        let text = try String(contentsOf: world.feed.appendingPathComponent("health.txt"), encoding: .utf8)
        #expect(text.contains(#"pin with: "artistOverrides": {"Aphex Twin": "CATALOG-ID"}"#))
    }

    /// A hostile name stays one line, free of raw control and bidi characters, and parses back exactly.
    @Test func theOverrideLineIsOneLineOfJSONWhateverTheNameHolds() throws {
        let name = "Evil\"\\Band\n\u{1B}[31m\u{202E}reversed\u{85}\u{2028}é"
        let line = UnresolvedArtists.overrideLine([name, "Plain"])
        #expect(
            !line.unicodeScalars.contains { $0.properties.generalCategory == .control || DisplayText.isBidiControl($0) || $0 == "\u{2028}" }
        )
        #expect(
            try Self.overrides("pin with: " + line) == [name: UnresolvedArtists.idPlaceholder, "Plain": UnresolvedArtists.idPlaceholder])
        #expect(
            UnresolvedArtists.overrideLine((1...12).map { "A\($0)" }).components(separatedBy: "CATALOG-ID").count == 11, "ten names at most"
        )
    }

    /// `"artistOverrides": {…}` from a `pin with:` line, parsed as the config would.
    static func overrides(_ line: String) throws -> [String: String] {
        let json = "{" + String(try #require(line.range(of: "pin with: ").map { line[$0.upperBound...] })) + "}"
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["artistOverrides"] as? [String: String])
    }

    // MARK: Journal priorities

    @Test func onTheJournalFailuresAreErrPartialsWarningAndTheCauseIsALogfmtLine() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world("title,artist\nMordechai,Khruangbin\nBleach,Nirvana")

        // A partial run: warning priority for the finish and its cause.
        world.fail("101", with: Fault(.status(code: 500, body: nil), on: .lookup))
        let partial = try await Self.journal(world, "sweep")
        #expect(partial.status == 3)
        #expect(partial.errorLines.allSatisfy { $0.hasPrefix("<") }, "every journal line carries a priority: \(partial.stderr)")
        #expect(partial.errorLines.contains { $0.hasPrefix("<4>level=warning event=run.finished ") && $0.contains("status=partial") })
        #expect(
            partial.errorLines.last?.hasPrefix(#"<4>level=warning event=run.partial exit=3 message="sweep partial: 1 of 2 artists"#)
                == true,
            "\(partial.stderr)")

        // A failed run (an empty library, exit 65): err priority, and no un-prefixed human line.
        try world.folder.write("library.csv", "title,artist\n")
        let failed = try await Self.journal(world, "sweep")
        #expect(failed.status == 65)
        #expect(failed.errorLines.allSatisfy { $0.hasPrefix("<") }, "\(failed.stderr)")
        #expect(failed.errorLines.contains { $0.hasPrefix("<3>level=error event=run.finished ") && $0.contains("status=failed exit=65") })
        let cause = try #require(failed.errorLines.last)
        #expect(cause.hasPrefix("<3>level=error event=run.failed exit=65 message=\""), "\(cause)")
        #expect(cause.contains("library is empty") || cause.contains("no albums"), "\(cause)")

        // A broken config (exit 78) never reaches the pipeline, and still logs at err.
        try world.folder.write("config.json", #"{"libary": []}"#)
        let broken = try await Self.journal(world, "sweep")
        #expect(broken.status == 78)
        #expect(broken.errorLines.count == 1, "\(broken.stderr)")
        #expect(
            broken.errorLines.first?.hasPrefix("<3>level=error event=run.failed exit=78 message=\"config.json: ") == true,
            "\(broken.stderr)")

        // Off the journal the same failure is the human one-liner only, not also an event (issue 30).
        let plain = try await world.spawn("sweep").finish()
        #expect(plain.status == 78)
        #expect(plain.errorLines.count == 1, "\(plain.stderr)")
        #expect(plain.errorLines.first?.hasPrefix("config.json: ") == true, "\(plain.stderr)")
    }

    static func journal(_ world: ReliabilityWorld, _ words: String...) async throws -> SpawnedProcess.Result {
        try await SpawnedProcess.deepcut(words + ["--config", world.configPath], in: world.folder.url, stderrIsJournal: true).finish()
    }

    // MARK: deepcut health as a monitoring plugin

    @Test func everyHealthPathAnswersInThePluginConvention() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world("title,artist\nMordechai,Khruangbin\nBleach,Nirvana")

        // No report yet: UNKNOWN, and --json is JSON naming the path it looked at.
        let none = try await world.spawn("health").finish()
        #expect(none.status == 3)
        #expect(none.stdout.hasPrefix("DEEPCUT UNKNOWN: no health report at \(world.feed.path)/health.json"), "\(none.stdout)")
        let noneJSON = try await world.spawn("health", "--json").finish()
        #expect(noneJSON.status == 3)
        let unknown = try #require(try JSONSerialization.jsonObject(with: Data(noneJSON.stdout.utf8)) as? [String: String])
        #expect(unknown["state"] == "UNKNOWN")
        #expect(unknown["path"] == world.feed.appendingPathComponent("health.json").path)

        // Usage errors the parser finds: UNKNOWN on stdout, exit 3 — JSON when --json was asked for.
        for words in [["health", "--bogus"], ["health", "--warn-age"], ["health", "extra"]] {
            let result = try await SpawnedProcess.deepcut(words + ["--config", world.configPath], in: world.folder.url).finish()
            #expect(result.status == 3, "\(words): \(result.status) \(result.stderr)")
            #expect(result.stdout.hasPrefix("DEEPCUT UNKNOWN: deepcut health: "), "\(words): \(result.stdout)")
            #expect(result.stdout.split(separator: "\n").count == 1)
        }
        let bogusJSON = try await world.spawn("health", "--json", "--bogus").finish()
        #expect(bogusJSON.status == 3)
        #expect((try JSONSerialization.jsonObject(with: Data(bogusJSON.stdout.utf8)) as? [String: String])?["state"] == "UNKNOWN")

        // Warn past crit is UNKNOWN, given or by default (crit defaults to 3 × ttlHours = 72h).
        for words in [["--warn-age", "3h", "--crit-age", "1h"], ["--warn-age", "100h"]] {
            let result = try await SpawnedProcess.deepcut(["health"] + words + ["--config", world.configPath], in: world.folder.url)
                .finish()
            #expect(result.status == 3, "\(words)")
            #expect(result.stdout.hasPrefix("DEEPCUT UNKNOWN: deepcut health: the warning age "), "\(result.stdout)")
        }

        // After a run: perfdata with units and minimums; the thresholds as given.
        #expect(try await world.spawn("sweep").finish().status == 0)
        let check = try await world.spawn("health", "--warn-age", "36h", "--crit-age", "72h").finish()
        #expect(check.status == 0, "\(check.stdout)")
        let perfdata = try #require(check.stdout.split(separator: "|").last).trimmingCharacters(in: .whitespacesAndNewlines)
        let pattern =
            #/^'entries'=1;;;0 'artists_failed'=0;;;0 'artists_not_asked'=0;;;0 'artists_not_found'=0;;;0 'baseline_age'=\d+s;129600;259200;0$/#
        #expect(perfdata.wholeMatch(of: pattern) != nil, "\(perfdata)")
        let json = try await world.spawn("health", "--json").finish()
        #expect(json.status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["status"] as? String == "complete")
    }

    @Test func metricsCarryTheBuildTheLibrarySizeAndFailuresByKind() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world("title,artist\nMordechai,Khruangbin\nBleach,Nirvana\nIncesticide,Nirvana")
        world.fail("101", with: Fault(.status(code: 500, body: nil), on: .lookup))
        #expect(try await world.spawn("sweep").finish().status == 3)
        let metrics = try String(contentsOf: world.folder.url.appendingPathComponent("metrics/deepcut.prom"), encoding: .utf8)
        let samples = Set(metrics.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        #expect(samples.contains(#"deepcut_build_info{version="\#(DeepCutCLI.version)"} 1"#))
        #expect(samples.contains("deepcut_library_albums 3"))
        #expect(samples.contains("deepcut_library_artists 2"))
        #expect(samples.contains(#"deepcut_artist_failures{kind="http"} 1"#), "\(metrics)")
        for kind in FailureKind.allCases where kind != .http {
            #expect(samples.contains(#"deepcut_artist_failures{kind="\#(kind.rawValue)"} 0"#))
        }
    }
}
