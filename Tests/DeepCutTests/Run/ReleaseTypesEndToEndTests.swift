import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutSQLite

/// Secondary types end to end: the loopback iTunes catalog names a live album, a soundtrack, a remix
/// EP and an appearance; the sweep classifies them, `feed.types` filters them, and a config written
/// before they existed keeps showing what it always showed.
@Suite struct ReleaseTypesEndToEndTests {
    static let artists: [FixtureArtist] = [
        FixtureArtist(
            id: "101", name: "Khruangbin",
            releases: [
                SweepHarness.release("1001", "A La Sala", daysAgo: 10),
                SweepHarness.release("1003", "Live at Sydney Opera House", daysAgo: 15),
                SweepHarness.release("1004", "Desert Drift (Original Motion Picture Soundtrack)", daysAgo: 25),
                SweepHarness.release("1005", "Mordechai (Remixes)", type: .ep, daysAgo: 35),
                appearance
            ])
    ]

    /// A various-artists compilation in Khruangbin's lookup, credited to another artist id.
    static let appearance: FixtureRelease = {
        var release = SweepHarness.release("1006", "Summer Heat", type: .compilation, daysAgo: 5)
        release.artistName = "Various Artists"
        release.artistID = "999"
        return release
    }()

    static let legacyFeed = #"{"windowDays": 120, "types": ["album", "ep", "single", "compilation"]}"#

    /// A JSON value without any `secondaryTypes` key, at any depth.
    static func strippingSecondaryTypes(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { $0.key != "secondaryTypes" }.mapValues(strippingSecondaryTypes)
        }
        if let array = value as? [Any] { return array.map(strippingSecondaryTypes) }
        return value
    }

    func entries(_ harness: SweepHarness, _ file: String = "current.json") throws -> [[String: Any]] {
        try #require(try harness.json(file)["entries"] as? [[String: Any]])
    }

    func ids(_ entries: [[String: Any]]) -> Set<String> {
        Set(entries.compactMap { $0["id"] as? String })
    }

    @Test func aLiveAlbumIsClassifiedAndFilteredByFeedTypes() async throws {
        let harness = try SweepHarness(artists: Self.artists, library: "title,artist\nMordechai,Khruangbin\n")
        #expect(await harness.run("sweep").exitCode == .success)
        // Default: every type but appearances; `type` stays one of the SPEC's four.
        let shown = try entries(harness)
        #expect(ids(shown) == ["1001", "1003", "1004", "1005"])
        let live = try #require(shown.first { $0["id"] as? String == "1003" })
        #expect(live["type"] as? String == "album")
        #expect(live["secondaryTypes"] as? [String] == ["live"])
        #expect(shown.first { $0["id"] as? String == "1001" }?["secondaryTypes"] == nil)
        let page = try String(contentsOf: harness.feed.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("Live album"))
        #expect(page.contains(">Soundtrack<"))
        #expect(page.contains("Remix EP"))

        // The user wants soundtracks, not live albums: the live album leaves the feed as filtered.
        try harness.setFeed(#"{"windowDays": 120, "types": ["album", "ep", "compilation", "soundtrack", "remix"]}"#)
        #expect(await harness.run("sweep").exitCode == .success)
        let snapshot = try harness.json("current.json")
        #expect(ids(try entries(harness)) == ["1001", "1004", "1005"])
        let removed = try #require((snapshot["changes"] as? [String: Any])?["removed"] as? [[String: Any]])
        #expect(removed.map { ($0["entry"] as? [String: Any])?["id"] as? String } == ["1003"])
        #expect(removed.map { $0["reason"] as? String } == ["filtered"])
        // `more-from` honours the same selection.
        let more = await harness.run("more-from", "Khruangbin", "--json")
        #expect(more.exitCode == .success)
        #expect(!more.console.out.contains("Live at Sydney Opera House"))
        #expect(more.console.out.contains("Desert Drift"))
        let table = await harness.run("more-from", "Khruangbin")
        #expect(table.console.out.contains("album (soundtrack)"))

        // Appearances are opt-in, and then labelled as such.
        try harness.setFeed(#"{"windowDays": 120, "types": ["album", "compilation", "appearance", "soundtrack"]}"#)
        #expect(await harness.run("sweep").exitCode == .success)
        let withAppearance = try entries(harness)
        #expect(ids(withAppearance) == ["1001", "1004", "1006"])
        let appearance = try #require(withAppearance.first { $0["id"] as? String == "1006" })
        #expect(appearance["artist"] as? String == "Various Artists")
        #expect(appearance["type"] as? String == "compilation")
        let atom = try String(contentsOf: harness.feed.appendingPathComponent("feed.atom"), encoding: .utf8)
        #expect(atom.contains(#"label="Appears on · Compilation""#))
    }

    /// The upgrade: a state database and snapshots from before secondary types, then a sweep of the
    /// new code with the same legacy config. Nothing leaves the feed, nothing is reported new.
    @Test func aLegacyConfigShowsTheSameEntriesBeforeAndAfterTheUpgrade() async throws {
        let harness = try SweepHarness(artists: Self.artists, library: "title,artist\nMordechai,Khruangbin\n", feed: Self.legacyFeed)
        #expect(await harness.run("sweep").exitCode == .success)
        // What the code before showed for this catalog: every own release, whatever its name; no appearances.
        let before = try entries(harness)
        #expect(ids(before) == ["1001", "1003", "1004", "1005"])

        // Back to the shape the code before wrote: no `secondaryTypes` in any snapshot, schema 12.
        for file in try FileManager.default.subpathsOfDirectory(atPath: harness.feed.path) where file.hasSuffix(".json") {
            let url = harness.feed.appendingPathComponent(file)
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
            try JSONSerialization.data(withJSONObject: Self.strippingSecondaryTypes(object), options: [.prettyPrinted, .sortedKeys])
                .write(to: url)
        }
        #expect(!(try String(contentsOf: harness.feed.appendingPathComponent("latest.json"), encoding: .utf8)).contains("secondaryTypes"))
        let database = try Database(path: harness.folder.url.appendingPathComponent("state/state.db").path)
        try database.withConnection { connection in
            try connection.execute("ALTER TABLE catalog_releases DROP COLUMN secondary_types")
            // Nor the merge evidence migration 17 adds.
            try connection.execute("ALTER TABLE catalog_releases DROP COLUMN barcode")
            try connection.execute("ALTER TABLE catalog_releases DROP COLUMN links")
            for column in ["genre", "genres", "label"] { try connection.execute("ALTER TABLE catalog_releases DROP COLUMN \(column)") }
            // The tables later migrations add did not exist at schema 12 either.
            for table in [
                "muted_artists", "calendar_events", "deliveries", "channel_status", "artist_source_imports", "artist_source_rows",
                "listened_artists", "entry_ids"
            ] {
                try connection.execute("DROP TABLE \(table)")
            }
            try connection.setUserVersion(12)
        }

        #expect(await harness.run("sweep").exitCode == .success)
        let after = try entries(harness)
        #expect(ids(after) == ids(before))
        let changes = try #require(try harness.json("current.json")["changes"] as? [String: Any])
        #expect((changes["added"] as? [Any])?.isEmpty ?? true)
        #expect((changes["removed"] as? [Any])?.isEmpty ?? true)
        // And the new code labels what it now knows.
        #expect(after.first { $0["id"] as? String == "1003" }?["secondaryTypes"] as? [String] == ["live"])
    }

    /// An unknown type name stops the sweep before any request, naming the key; nothing is published.
    @Test func anUnknownTypeNameIs78NamingTheKey() async throws {
        let harness = try SweepHarness(
            artists: Self.artists, feed: #"{"windowDays": 120, "types": ["album", "live", "bootleg"]}"#)
        let result = await harness.run("sweep")
        #expect(result.exitCode == .config)
        #expect(result.console.err.contains("config.json: feed.types[2]: must be one of"))
        #expect(result.console.err.contains("got 'bootleg'"))
        #expect(harness.server.requestLog.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: harness.feed.appendingPathComponent("current.json").path))
    }
}
