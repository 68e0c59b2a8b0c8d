import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish
@testable import DeepCutSQLite

/// Two iTunes storefronts and MusicBrainz in one sweep against the fixture server's storefronts
/// (`StorefrontTestCatalog`): region-locked releases, a release not in MusicBrainz yet, an artist
/// only the jp store has, one only MusicBrainz has, and a MusicBrainz bootleg kept out.
@Suite struct StorefrontsEndToEndTests {
    typealias Catalog = StorefrontTestCatalog

    @Test func threeSourcesMergeIntoOneEntryPerReleaseWithItsAvailability() async throws {
        let folder = ScratchFolder()
        let server = FixtureServer(catalog: Catalog.catalog(today: ReleaseDate(epochDay: Date().epochDay)))
        let url = try server.start().absoluteString
        defer { server.close() }
        try folder.write("library.csv", "title,artist\nFirst Light,Hikari\nOld Wind,Kaze\nSilence,Ghost Notes\n")
        try folder.write(
            "config.json",
            """
            {"library": [{"format": "csv", "path": "library.csv"}],
             \(Catalog.catalogsMember(baseURL: url)),
             "stateDatabase": "state.db", "outputDirectory": "feed"}
            """)
        let console = CapturedConsole()
        let code = await DeepCutCLI.run(
            ["sweep", "--config", folder.url.appendingPathComponent("config.json").path], environment: [:], console: console.console,
            httpClient: nil)
        #expect(code == .success, "\(console.err)")
        let snapshot = try #require(try Snapshot.load(from: folder.url.appendingPathComponent("feed/latest.json")))
        let byTitle = Dictionary(snapshot.entries.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
        let sources = { (title: String) in byTitle[title]?.availability.map(\.source) }
        #expect(
            sources("Dawn") == ["itunes", "itunes:jp", "musicbrainz"],
            "\(snapshot.entries.map { ($0.title, $0.availability.map(\.source)) })")
        #expect(sources("Tokyo Nights") == ["itunes:jp", "musicbrainz"], "region-locked to jp")
        #expect(sources("Overseas") == ["itunes"], "not in MusicBrainz yet")
        #expect(sources("Kaze no Uta") == ["itunes:jp"], "an artist only the jp store has")
        #expect(sources("Unheard") == ["musicbrainz"], "an artist only MusicBrainz has")
        #expect(byTitle["Bootleg Live"] == nil)
        #expect(byTitle["Dawn"]?.id == Catalog.dawnID, "the home source names the entry")
        #expect(byTitle["Early Bird"]?.availability.first { $0.source == "itunes:jp" }?.releaseDate != byTitle["Early Bird"]?.releaseDate)
        #expect(snapshot.entries.count == Set(snapshot.entries.map(\.title)).count, "one entry per release")
        #expect(snapshot.sources?.map(\.status) == [.complete, .complete, .complete])
        // MusicBrainz beside a store browses releases, so its memory holds the merge's evidence:
        // Dawn's barcode and its url-relationship to the Apple album.
        let database = try Database(path: folder.url.appendingPathComponent("state.db").path)
        let dawn = try database.withConnection { connection in
            try connection.query("SELECT barcode, links FROM catalog_releases WHERE provider = 'musicbrainz' AND title = 'Dawn'") {
                (try $0.get(0, as: String?.self), try $0.get(1, as: String.self))
            }
        }
        #expect(dawn.first?.0 == Catalog.dawnBarcode, "\(dawn)")
        #expect(dawn.first?.1.contains("apple:\(Catalog.dawnID)") == true, "\(dawn)")
    }
}
