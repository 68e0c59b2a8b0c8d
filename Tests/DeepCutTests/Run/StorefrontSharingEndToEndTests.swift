import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish
@testable import DeepCutSQLite

/// Two storefronts of one catalog share a run's artist searches (`StorefrontSharing`): each artist
/// is searched once, the other storefront looks its id up, and an id a storefront does not list is
/// searched there by name in the same run — a cost, never a lost or failed answer.
@Suite struct StorefrontSharingEndToEndTests {
    /// Twelve artists both stores list, Kaze in the middle of the library, only in the jp store (the
    /// jp storefront's share of the searches starts with it, so the us storefront takes an id it does
    /// not list), and Quiet, listed by both with nothing out.
    static let shared = (1...12).map { "Band \($0)" }
    static let library = Array(shared[..<6]) + ["Kaze"] + Array(shared[6...]) + ["Quiet"]

    static func catalog(today: ReleaseDate) -> FixtureCatalog {
        let bands = shared.enumerated().map { index, name in
            FixtureArtist(
                id: "\(3_100_000_000 + index)", name: name,
                releases: [
                    FixtureRelease(
                        id: "\(3_200_000_000 + index)", title: "\(name) Live", type: .album,
                        releaseDate: ReleaseDate(epochDay: today.epochDay - 10 - index))
                ])
        }
        let kaze = FixtureArtist(
            id: StorefrontTestCatalog.kazeID, name: "Kaze",
            releases: [
                FixtureRelease(
                    id: StorefrontTestCatalog.kazeAlbumID, title: "Kaze no Uta", type: .album,
                    releaseDate: ReleaseDate(epochDay: today.epochDay - 25))
            ],
            storefronts: ["jp"], inMusicBrainz: false)
        return FixtureCatalog(artists: bands + [kaze, FixtureArtist(id: "3100000099", name: "Quiet", releases: [])])
    }

    /// Searches the log holds for a storefront (`country`, us when absent).
    static func searches(_ log: [LoggedRequest], country: String) -> Int {
        log.filter { request in
            request.route == "itunes.search"
                && (request.query.contains("country=\(country)") || (country == "us" && !request.query.contains("country=")))
        }.count
    }

    @Test func twoStorefrontsSearchEachArtistOnceAndConfirmTheIDByTheirOwnListing() async throws {
        let folder = ScratchFolder()
        let server = FixtureServer(catalog: Self.catalog(today: ReleaseDate(epochDay: Date().epochDay)))
        let url = try server.start().absoluteString
        defer { server.close() }
        try folder.write("library.csv", "title,artist\n" + Self.library.map { "Owned,\($0)\n" }.joined())
        // One request at a time per storefront: the us storefront searches from the start of the
        // library, the jp one from its middle, and each reaches the other's share after it.
        let common = #""baseURL": "\#(url)", "concurrency": 1, "timeoutSeconds": 10, "maxAttempts": 1, "requestsPerMinute": 60000"#
        try folder.write(
            "config.json",
            """
            {"library": [{"format": "csv", "path": "library.csv"}],
             "catalogs": [{"provider": "itunes", "country": "us", \(common)}, {"provider": "itunes", "country": "jp", \(common)}],
             "stateDatabase": "state.db", "outputDirectory": "feed"}
            """)
        let sweep = { () async -> (ExitCode, String) in
            let console = CapturedConsole()
            let code = await DeepCutCLI.run(
                ["sweep", "--config", folder.url.appendingPathComponent("config.json").path], environment: [:],
                console: console.console, httpClient: nil)
            return (code, console.err)
        }
        let (code, err) = await sweep()
        #expect(code == .success, "\(err)")
        #expect(!err.contains("failed"), "a storefront missing an artist is no failure: \(err)")
        let log = server.requestLog
        let (us, jp) = (Self.searches(log, country: "us"), Self.searches(log, country: "jp"))
        // Alone, each storefront would search all 14 artists. Shared: each artist once, and Kaze
        // once more by the us storefront, which took the jp storefront's id and found it unlisted.
        #expect(us + jp < 22, "us \(us), jp \(jp) searches")
        #expect(us >= 1 && jp >= 1)
        let snapshot = try #require(try Snapshot.load(from: folder.url.appendingPathComponent("feed/latest.json")))
        #expect(snapshot.sources?.map(\.status) == [.complete, .complete])
        let byTitle = Dictionary(snapshot.entries.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byTitle["Kaze no Uta"]?.availability.map(\.source) == ["itunes:jp"])
        for band in Self.shared {
            #expect(byTitle["\(band) Live"]?.availability.map(\.source) == ["itunes", "itunes:jp"], "\(band)")
        }
        // Health names the artist no storefront lists anything for, and only it (the diffs take the
        // releases out of the sweeps: which artists listed nothing is read before).
        let health = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("feed/health.json")))
        let sweepStage = (health as? [String: Any])?["sweep"] as? [String: Any]
        #expect(sweepStage?["emptyArtists"] as? [String] == ["Quiet"], "\(String(describing: sweepStage))")
        // Each storefront keeps its own identities: a taken id once its own listing confirmed it,
        // Kaze as not in the us store.
        let database = try Database(path: folder.url.appendingPathComponent("state.db").path)
        let methods = try database.withConnection { connection in
            try connection.query("SELECT provider, artist_key, method FROM artist_resolutions") {
                (try $0.get(0, as: String.self), try $0.get(1, as: String.self), try $0.get(2, as: String.self))
            }
        }
        #expect(methods.filter { $0.0 == "itunes" }.count == 14 && methods.filter { $0.0 == "itunes:jp" }.count == 14, "\(methods)")
        #expect(methods.contains { $0.2 == "storefront" }, "\(methods)")
        #expect(methods.first { $0.0 == "itunes" && $0.1 == "kaze" }?.2 == "notFound", "\(methods)")
        #expect(methods.first { $0.0 == "itunes:jp" && $0.1 == "kaze" }?.2 == "exact", "\(methods)")

        // Warm: every identity is known to both storefronts; nobody searches.
        server.resetLog()
        let (warm, warmErr) = await sweep()
        #expect(warm == .success, "\(warmErr)")
        #expect(Self.searches(server.requestLog, country: "us") + Self.searches(server.requestLog, country: "jp") == 0)
    }
}
