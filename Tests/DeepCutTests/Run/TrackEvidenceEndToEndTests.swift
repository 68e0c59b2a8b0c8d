import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutLibrary

/// The evidence path through the real client and the loopback iTunes catalog: a Library.xml that
/// knows *Thriller*'s tracks, a catalog listing "Thriller 25" (the album plus remixes) and
/// "Thriller 40" (other recordings): the first is owned by its tracks, the second stays news, and
/// the track lists are fetched once and kept.
@Suite struct TrackEvidenceEndToEndTests {
    static let thriller: [(String, Int)] = [
        ("Wanna Be Startin' Somethin'", 363), ("Baby Be Mine", 260), ("The Girl Is Mine", 222), ("Thriller", 357),
        ("Beat It", 258), ("Billie Jean", 294), ("Human Nature", 246), ("P.Y.T. (Pretty Young Thing)", 239),
        ("The Lady in My Life", 300)
    ]

    static func library() -> String {
        ITunesTestLibrary(
            tracks: thriller.enumerated().map { index, track in
                ITunesTestLibrary.Track(
                    id: 100 + index, name: track.0, artist: "Michael Jackson", album: "Thriller", totalTime: track.1 * 1000 + 120)
            }
        ).xml
    }

    static func catalog() -> [FixtureArtist] {
        let anniversary =
            thriller.map { TrackListing(title: $0.0, seconds: $0.1 + 1) } + [
                TrackListing(title: "The Girl Is Mine 2008 (with will.i.am)", seconds: 191),
                TrackListing(title: "Beat It 2008 (featuring Fergie)", seconds: 255)
            ]
        let rerecorded = thriller.map { TrackListing(title: $0.0, seconds: $0.1 + 9) }
        func release(_ id: String, _ title: String, tracks: [TrackListing]?) -> FixtureRelease {
            var release = SweepHarness.release(id, title, daysAgo: 5)
            release.tracks = tracks
            return release
        }
        return [
            FixtureArtist(
                id: "501", name: "Michael Jackson",
                releases: [
                    release("5001", "Thriller 25", tracks: anniversary), release("5002", "Thriller 40", tracks: rerecorded),
                    release("5003", "Bad", tracks: nil)
                ])
        ]
    }

    @Test func anUndecidedEditionIsSettledByItsTracksOnceAndTheAnswerIsKept() async throws {
        let harness = try SweepHarness(
            artists: Self.catalog(), library: Self.library(), libraryFile: "Library.xml",
            libraryFormat: "itunes-xml")
        #expect(await harness.run("sweep").exitCode == .success)
        var items = try #require(try harness.json("feed.json")["items"] as? [[String: Any]])
        #expect(Set(items.compactMap { $0["title"] as? String }) == ["Michael Jackson — Thriller 40", "Michael Jackson — Bad"])
        var evidence = try #require(try harness.health().diff.trackEvidence)
        #expect(evidence.undecided == 2)
        #expect(evidence.requests == 2)
        #expect(evidence.sameRelease == 1)
        #expect(evidence.differentRelease == 1)
        let songLookups = harness.server.requestLog.filter { $0.route == "itunes.lookup.songs" }
        #expect(songLookups.count == 2)
        #expect(songLookups.allSatisfy { $0.query.contains("entity=song") })
        #expect(try harness.health().diff.dropped["owned"] == 1)

        // The next run reads both track lists from the state database.
        harness.server.resetLog()
        #expect(await harness.run("sweep").exitCode == .success)
        items = try #require(try harness.json("feed.json")["items"] as? [[String: Any]])
        #expect(Set(items.compactMap { $0["title"] as? String }) == ["Michael Jackson — Thriller 40", "Michael Jackson — Bad"])
        evidence = try #require(try harness.health().diff.trackEvidence)
        #expect(evidence.requests == 0)
        #expect(evidence.sameRelease == 1)
        #expect(harness.server.requestLog.filter { $0.route == "itunes.lookup.songs" }.isEmpty)
    }

    /// Without track data (a CSV library) the rules decide alone: no track list is asked for and
    /// nothing is hidden on a guess.
    @Test func withoutOwnedTracksTheRulesDecideAndNothingIsFetched() async throws {
        let harness = try SweepHarness(artists: Self.catalog(), library: "title,artist\nThriller,Michael Jackson\n")
        #expect(await harness.run("sweep").exitCode == .success)
        let items = try #require(try harness.json("feed.json")["items"] as? [[String: Any]])
        #expect(
            Set(items.compactMap { $0["title"] as? String }) == [
                "Michael Jackson — Thriller 25", "Michael Jackson — Thriller 40", "Michael Jackson — Bad"
            ])
        #expect(try harness.health().diff.trackEvidence?.undecided == 0)
        #expect(harness.server.requestLog.filter { $0.route == "itunes.lookup.songs" }.isEmpty)
    }

    /// The bundled real Library.xml against a catalog that lists, for each of its albums, a
    /// deluxe edition (settled by the rules) and an undecided "25" edition holding the album's
    /// tracks: one track-list request per undecided album on the cold run, none on the warm one,
    /// and every one of them recognised as owned.
    @Test func theBundledLibrarySpendsOneTrackListRequestPerUndecidedEditionOnce() async throws {
        var undecided = 0
        let (library, harness) = try await BundledLibraryCatalog.harness(firstID: 600) { id, album, tracks in
            if album.tracks?.isEmpty == false { undecided += 1 }
            var anniversary = SweepHarness.release(id + "1", album.title + " 25", daysAgo: 3)
            anniversary.tracks = tracks
            return [SweepHarness.release(id + "2", album.title + " (Deluxe Edition)", daysAgo: 3), anniversary]
        }
        #expect(await harness.run("sweep").exitCode == .success)
        let cold = try #require(try harness.health().diff.trackEvidence)
        print(
            "bundled Library.xml: \(library.albums.count) albums, \(undecided) undecided editions, cold track-list requests \(cold.requests)"
        )
        #expect(cold.undecided == undecided)
        #expect(cold.requests == undecided)
        #expect(cold.sameRelease == undecided)
        let items = try #require(try harness.json("feed.json")["items"] as? [[String: Any]])
        #expect(items.isEmpty, "every edition of an owned album is owned: \(items.compactMap { $0["title"] })")
        harness.server.resetLog()
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(try harness.health().diff.trackEvidence?.requests == 0)
    }
}

/// Issue 28's evidence reach, measured on the bundled real Library.xml: for each album, a catalog
/// listing a subtitle deluxe ("<title> Deluxe: Bonus Cuts", the album's tracks in reverse order
/// plus one), an undecided "<title> 25", a live album and a deluxe edition. The subtitle deluxe
/// and the "25" each cost one track-list request on the cold run and none on the warm one; the
/// live album and the deluxe edition are settled by the rules and cost nothing.
@Suite struct TrackEvidenceReachTests {
    @Test func theBundledLibrarysSubtitleDeluxesAreSettledByTracks() async throws {
        var withTracks = 0
        let (library, harness) = try await BundledLibraryCatalog.harness(firstID: 700) { id, album, tracks in
            if album.tracks?.isEmpty == false { withTracks += 1 }
            var subtitle = SweepHarness.release(id + "1", album.title + " Deluxe: Bonus Cuts", daysAgo: 3)
            subtitle.tracks = tracks.map { Array($0.reversed()) + [TrackListing(title: "Bonus Cut", seconds: 200)] }
            var anniversary = SweepHarness.release(id + "2", album.title + " 25", daysAgo: 3)
            anniversary.tracks = tracks
            return [
                subtitle, anniversary, SweepHarness.release(id + "3", album.title + " (Live)", daysAgo: 3),
                SweepHarness.release(id + "4", album.title + " (Deluxe Edition)", daysAgo: 3)
            ]
        }
        #expect(await harness.run("sweep").exitCode == .success)
        let cold = try #require(try harness.health().diff.trackEvidence)
        print(
            "bundled Library.xml (issue 28): \(library.albums.count) albums, \(withTracks) with tracks, "
                + "\(cold.undecided) candidates, cold track-list requests \(cold.requests), same \(cold.sameRelease)"
        )
        #expect(cold.undecided == 2 * withTracks)
        #expect(cold.requests == 2 * withTracks)
        #expect(cold.sameRelease == 2 * withTracks)
        let titles = try #require(try harness.json("feed.json")["items"] as? [[String: Any]]).compactMap { $0["title"] as? String }
        #expect(titles.allSatisfy { $0.hasSuffix("(Live)") }, "only the live albums stay news: \(titles)")
        harness.server.resetLog()
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(try harness.health().diff.trackEvidence?.requests == 0)
    }
}

/// The bundled real Library.xml, and a loopback catalog listing for each of its albums the album
/// itself (long ago) and the editions a test asks for, each given the album's tracks one second
/// longer (as a remaster's or another storefront's would be).
enum BundledLibraryCatalog {
    /// - Parameter editions: the releases listed beside an album, given an id prefix, the album and its tracks.
    static func harness(
        firstID: Int, editions: (String, LibraryAlbum, [TrackListing]?) -> [FixtureRelease]
    ) async throws -> (LibraryOutcome, SweepHarness) {
        let sample = try #require(SharedSamples.url("itunes_Library_xml_libpytunes_Test_Library.xml"))
        let library = try await LoadLibrary(registry: .files).run([LibrarySource(format: .itunesXML, path: sample)])
        var artists: [String: FixtureArtist] = [:]
        for (index, album) in library.albums.enumerated() where !ArtistName.isPlaceholder(album.artist) {
            let id = String(firstID + index)
            var artist =
                artists[album.artist] ?? FixtureArtist(id: String(firstID * 10 + 1000 + artists.count), name: album.artist, releases: [])
            let tracks = album.tracks?.map { TrackListing(title: $0.title, seconds: $0.seconds.map { $0 + 1 }) }
            artist.releases += [SweepHarness.release(id + "0", album.title, daysAgo: 4000)] + editions(id, album, tracks)
            artists[album.artist] = artist
        }
        let harness = try SweepHarness(
            artists: artists.values.sorted { $0.id < $1.id }, library: String(contentsOf: sample, encoding: .utf8),
            libraryFile: "Library.xml", libraryFormat: "itunes-xml")
        return (library, harness)
    }
}
