import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// A household over several catalogs (`profiles` with `catalogs`): the sources are swept once for
/// both people, and each profile's share is merged into entries that say where each can be heard.
@Suite struct HouseholdSourcesEndToEndTests {
    typealias Catalog = StorefrontTestCatalog

    func sweep(profiles: Bool) async throws -> (code: ExitCode, err: String, requests: Int, folder: ScratchFolder) {
        let folder = ScratchFolder()
        let server = FixtureServer(catalog: Catalog.catalog(today: ReleaseDate(epochDay: Date().epochDay)))
        let url = try server.start().absoluteString
        defer { server.close() }
        try folder.write("ana.csv", "title,artist\nFirst Light,Hikari\n")
        try folder.write("ben.csv", "title,artist\nOld Wind,Kaze\nSomething,Hikari\n")
        let people =
            profiles
            ? #""profiles": [{"name": "ana", "library": [{"format": "csv", "path": "ana.csv"}]}, {"name": "ben", "library": [{"format": "csv", "path": "ben.csv"}]}]"#
            : #""library": [{"format": "csv", "path": "ana.csv"}, {"format": "csv", "path": "ben.csv"}]"#
        try folder.write(
            "config.json",
            """
            {\(people),
             \(Catalog.catalogsMember(baseURL: url)),
             "stateDatabase": "state.db", "outputDirectory": "feed"}
            """)
        let console = CapturedConsole()
        let code = await DeepCutCLI.run(
            ["sweep", "--config", folder.url.appendingPathComponent("config.json").path], environment: [:], console: console.console,
            httpClient: nil)
        return (code, console.err, server.requestLog.count, folder)
    }

    @Test func eachProfileGetsMergedEntriesFromOneSweepOfEverySource() async throws {
        let household = try await sweep(profiles: true)
        #expect(household.code == .success, "\(household.err)")
        let load = { (name: String) in try Snapshot.load(from: household.folder.url.appendingPathComponent("feed/\(name)/latest.json")) }
        let ana = try #require(try load("ana"))
        let ben = try #require(try load("ben"))
        let sources = { (snapshot: Snapshot, title: String) in snapshot.entries.first { $0.title == title }?.availability.map(\.source) }
        #expect(sources(ana, "Dawn") == ["itunes", "itunes:jp", "musicbrainz"])
        #expect(sources(ben, "Dawn") == ["itunes", "itunes:jp", "musicbrainz"])
        #expect(sources(ben, "Kaze no Uta") == ["itunes:jp"], "Ben's artist only the jp store has")
        #expect(!ana.entries.contains { $0.title == "Kaze no Uta" }, "not Ana's artist")
        #expect(ana.sources?.map(\.status) == [.complete, .complete, .complete])
        let alone = try await sweep(profiles: false)
        #expect(alone.code == .success, "\(alone.err)")
        #expect(household.requests == alone.requests, "every source asked once for the two of them")
    }
}
