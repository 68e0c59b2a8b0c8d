import Foundation
import Testing

@testable import DeepCutCore

@Suite struct TrackEvidenceTests {
    /// One labelled case of `Tests/Corpus/evidence-corpus.json`: track lists as `[title, seconds|null]`.
    struct Case: Decodable, CustomStringConvertible {
        var name: String
        var expected: TrackEvidence.Verdict
        var owned: [Track]
        var candidate: [Track]
        var why: String
        var description: String { "\(name) (\(why))" }

        struct Track: Decodable {
            var listing: TrackListing
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                listing = TrackListing(title: try container.decode(String.self), seconds: try container.decodeIfPresent(Int.self))
            }
        }
    }

    static func corpus() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Corpus/evidence-corpus.json")
        return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
    }

    /// Every labelled case gets its verdict: remasters and deluxe editions are the same release,
    /// re-recordings, live and instrumental twins and other albums of the name are not, and
    /// thin lists decide nothing.
    @Test func evidenceCorpus() throws {
        let cases = try Self.corpus()
        #expect(cases.count >= 20)
        for kind in [TrackEvidence.Verdict.sameRelease, .differentRelease, .insufficient] {
            #expect(cases.contains { $0.expected == kind }, "the corpus covers \(kind)")
        }
        for item in cases {
            let verdict = TrackEvidence.verdict(owned: item.owned.map(\.listing), candidate: item.candidate.map(\.listing))
            #expect(verdict == item.expected, "\(item)")
        }
    }

    @Test func undecidedReleasesPairWithTheOwnedAlbumTheyMayBeAnEditionOf() {
        let tracks = [TrackListing(title: "Beat It", seconds: 258)]
        let owned = [
            LibraryAlbum(title: "Thriller", artist: "Michael Jackson", source: "test", tracks: tracks),
            LibraryAlbum(title: "Bad", artist: "Michael Jackson", source: "test")
        ]
        func release(_ id: String, _ title: String, _ artist: String = "Michael Jackson") -> Release {
            Release(id: id, title: title, artist: artist, type: .album, releaseDate: nil)
        }
        let pairs = UndecidedPair.find(
            in: [
                release("1", "Thriller 25"), release("2", "Thriller (Original Version)"), release("3", "Thriller (Live)"),
                release("4", "Thriller 25", "Someone Else"), release("5", "Bad 25"), release("6", "Thriller (Deluxe Edition)"),
                release("7", "Thriller 25", "Michael Jackson & Friends")
            ], owned: owned)
        // Live is decided by the rules; Bad has no track list; the deluxe is owned by the rules;
        // a joined credit counts as it does in matching, someone else's does not.
        #expect(pairs.map(\.release.id) == ["1", "2", "7"])
        #expect(pairs.first?.ownedTrackLists == [tracks])
    }

    /// Evidence wherever tracks are known: a title that begins with an owned title at a word
    /// boundary, after any separator, unless the rest names different audio; the same title with
    /// an overlapping credit the rules did not hide (classical, an undated same-named EP).
    @Test func subtitleDeluxesReorderedEditionsAndOverlappingCreditsAreCandidates() {
        func album(_ title: String, _ artist: String) -> LibraryAlbum {
            LibraryAlbum(title: title, artist: artist, source: "test", tracks: [TrackListing(title: "One", seconds: 200)])
        }
        let owned = [
            album("SOS", "SZA"), album("emails i can't send", "Sabrina Carpenter"), album("For All The Dogs", "Drake"),
            album("Good Girl Gone Bad", "Rihanna"), album("DAMN.", "Kendrick Lamar"), album("OK Computer", "Radiohead"),
            album("Holst: The Planets", "Herbert von Karajan & Berliner Philharmoniker"), album("Slowdive", "Slowdive")
        ]
        func release(_ id: String, _ title: String, _ artist: String, type: RecordingType = .album) -> Release {
            Release(id: id, title: title, artist: artist, type: type, releaseDate: nil)
        }
        let pairs = UndecidedPair.find(
            in: [
                release("1", "SOS Deluxe: LANA", "SZA"), release("2", "emails i can't send fwd:", "Sabrina Carpenter"),
                release("3", "For All The Dogs Scary Hours Edition", "Drake"), release("4", "Good Girl Gone Bad: Reloaded", "Rihanna"),
                release("5", "DAMN. COLLECTORS EDITION.", "Kendrick Lamar"), release("6", "OK Computer OKNOTOK 1997 2017", "Radiohead"),
                release("7", "Holst: The Planets", "Herbert von Karajan & Wiener Philharmoniker"),
                release("8", "Slowdive - EP", "Slowdive", type: .ep),
                release("9", "OK Computer (Live)", "Radiohead"), release("10", "SOS", "Someone Else"),
                release("11", "SOSPESO", "SZA"), release("12", "Holst: The Planets", "Berliner Philharmoniker & Herbert von Karajan")
            ], owned: owned)
        // Live is different by the rules, another credit shares nothing, "SOSPESO" has no word
        // boundary, and the rules own "DAMN. COLLECTORS EDITION." and the same whole credit already.
        #expect(pairs.map(\.release.id) == ["1", "2", "3", "4", "6", "7", "8"])
        #expect(pairs.first { $0.release.id == "8" }?.isShortForm == true)
    }
}
