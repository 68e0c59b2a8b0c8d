import DeepCutCore
import Foundation
import Testing

@testable import DeepCutLibrary

/// The library guard's arithmetic and messages; the end-to-end behaviour is in `LibraryGuardEndToEndTests`.
@Suite struct LibraryGuardTests {
    private static func library(artists: Int, albums: Int? = nil) -> LibraryOutcome {
        let names = (0..<artists).map { "Artist \($0)" }
        let albums = (0..<(albums ?? artists)).map {
            LibraryAlbum(
                title: "Album \($0)", artist: names.isEmpty ? "Various Artists" : names[$0 % names.count],
                source: "csv:library.csv")
        }
        return LibraryOutcome(
            albums: albums, artists: names,
            sources: [
                LibrarySourceSummary(source: "library.csv", format: .csv, albums: albums.count, warnings: 0),
                LibrarySourceSummary(source: "Library.xml", format: .itunesXML, albums: 0, warnings: 0)
            ],
            warnings: [])
    }

    private func refusal(_ guard: LibraryGuard, artists: Int, previous: Int?) -> String? {
        let outcome = Self.library(artists: artists)
        do {
            try `guard`.check(loaded: outcome, library: outcome, previous: previous.map { ("20261201T080000Z", $0) })
            return nil
        } catch let error as LibraryError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func shrinkUpToTheLimitPasses() {
        let guardian = LibraryGuard(maxShrinkPercent: 50, acceptChange: false)
        #expect(refusal(guardian, artists: 5, previous: 10) == nil)
        #expect(refusal(guardian, artists: 10, previous: 10) == nil)
        #expect(refusal(guardian, artists: 30, previous: 10) == nil)
        #expect(refusal(guardian, artists: 3, previous: nil) == nil, "no complete run yet: nothing to compare with")
    }

    @Test func shrinkPastTheLimitIsRefusedNamingKeyFlagAndSources() {
        let message = refusal(LibraryGuard(maxShrinkPercent: 50, acceptChange: false), artists: 4, previous: 10)
        #expect(
            message == "library shrank from 10 to 4 artists (-60 %) since the last complete run 20261201T080000Z, more than "
                + "library.maxShrinkPercent 50 allows; sources: library.csv (csv), Library.xml (itunes-xml); nothing published, "
                + "baseline kept. If the change is intended, run `deepcut sweep --accept-library-change`")
    }

    @Test func zeroPercentRefusesAnyShrinkAndHundredNone() {
        #expect(refusal(LibraryGuard(maxShrinkPercent: 0, acceptChange: false), artists: 99, previous: 100) != nil)
        #expect(refusal(LibraryGuard(maxShrinkPercent: 100, acceptChange: false), artists: 1, previous: 100) == nil)
    }

    @Test func acceptChangeLetsAShrinkThroughButNotAnEmptyLibrary() {
        let guardian = LibraryGuard(maxShrinkPercent: 50, acceptChange: true)
        #expect(refusal(guardian, artists: 1, previous: 100) == nil)
        let empty = Self.library(artists: 0, albums: 0)
        #expect(throws: LibraryError.self) { try guardian.check(loaded: empty, library: empty, previous: nil) }
    }

    @Test func noAlbumsFromAnySourceIsRefusedNamingThem() {
        let empty = Self.library(artists: 0, albums: 0)
        #expect(
            throws: LibraryError(
                message: "library is empty: no albums in library.csv (csv), Library.xml (itunes-xml); "
                    + "refusing to sweep an empty library (a truncated export?); nothing published, baseline kept")
        ) {
            try LibraryGuard(maxShrinkPercent: 50, acceptChange: false).check(loaded: empty, library: empty, previous: nil)
        }
    }

    @Test func ownedAlbumsAloneDoNotMakeAnExportNonEmpty() {
        // `library add` albums are in what is swept, but the configured sources gave nothing.
        let empty = Self.library(artists: 0, albums: 0)
        let withOwned = Self.library(artists: 1)
        #expect(throws: LibraryError.self) {
            try LibraryGuard(maxShrinkPercent: 50, acceptChange: false).check(loaded: empty, library: withOwned, previous: nil)
        }
    }
}
