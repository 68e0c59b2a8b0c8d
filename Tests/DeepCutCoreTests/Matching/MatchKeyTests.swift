import Foundation
import Testing

@testable import DeepCutCore

@Suite struct MatchKeyTests {
    // MARK: Corpus

    struct LabelledPair: CustomStringConvertible {
        var expected: Bool
        var library: (title: String, artist: String)
        var catalog: (title: String, artist: String)
        var why: String
        var kind: String
        var description: String { "\(library.title) / \(library.artist) ~ \(catalog.title) / \(catalog.artist) (\(why))" }
    }

    static func corpus() throws -> [LabelledPair] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Corpus/match-corpus.tsv")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, ["0", "1"].contains(fields[0]) else { throw CorpusError(line: String(line)) }
            return LabelledPair(
                expected: fields[0] == "1", library: (fields[1], fields[2]), catalog: (fields[3], fields[4]),
                why: fields[5], kind: fields[6])
        }
    }

    struct CorpusError: Error { var line: String }

    static func matches(_ pair: LabelledPair) -> Bool {
        !MatchKey.owned(title: pair.library.title, artist: pair.library.artist)
            .isDisjoint(with: MatchKey.all(title: pair.catalog.title, artist: pair.catalog.artist))
    }

    /// Hiding a genuinely different release is the worse mistake: precision must be perfect,
    /// recall high. The figures are printed for the README and the closing note.
    @Test func corpusPrecisionAndRecall() throws {
        let pairs = try Self.corpus()
        #expect(pairs.count >= 250)
        #expect(Double(pairs.filter { !$0.expected }.count) >= 0.4 * Double(pairs.count), "at least 40 % hard negatives")
        var total = Tally()
        var byKind: [String: Tally] = [:]
        for pair in pairs {
            let matched = Self.matches(pair)
            total.count(expected: pair.expected, matched: matched)
            byKind[pair.kind, default: Tally()].count(expected: pair.expected, matched: matched)
            if !pair.expected, matched { Issue.record("false match: \(pair)") }
            if pair.expected, !matched { print("missed (accepted): \(pair)") }
        }
        for (kind, tally) in byKind.sorted(by: { $0.key < $1.key }) { print("match corpus \(kind): \(tally)") }
        print("match corpus: \(pairs.count) pairs, \(total)")
        #expect(total.precision == 1.0)
        #expect(total.recall >= 0.95)
    }

    struct Tally: CustomStringConvertible {
        var truePositives = 0, falsePositives = 0, falseNegatives = 0, trueNegatives = 0
        mutating func count(expected: Bool, matched: Bool) {
            switch (expected, matched) {
            case (true, true): truePositives += 1
            case (false, true): falsePositives += 1
            case (true, false): falseNegatives += 1
            case (false, false): trueNegatives += 1
            }
        }
        var precision: Double { Double(truePositives) / Double(max(1, truePositives + falsePositives)) }
        var recall: Double { Double(truePositives) / Double(max(1, truePositives + falseNegatives)) }
        var description: String {
            let pairs = truePositives + falsePositives + falseNegatives + trueNegatives
            return "\(pairs) pairs (\(falsePositives + trueNegatives) negatives), precision "
                + String(format: "%.2f", precision) + ", recall " + String(format: "%.2f", recall)
        }
    }

    @Test func aSingleNeverStandsForItsAlbum() {
        let single = MatchKey.owned(title: "Migration - Single", artist: "Bonobo")
        #expect(single.isDisjoint(with: MatchKey.all(title: "Migration", artist: "Bonobo", type: .album)))
        #expect(!single.isDisjoint(with: MatchKey.all(title: "Migration", artist: "Bonobo", type: .single)))
        #expect(
            !MatchKey.owned(title: "Migration", artist: "Bonobo").isDisjoint(
                with: MatchKey.all(title: "Migration - Single", artist: "Bonobo")))
    }

    @Test func qualifierVerdicts() {
        #expect(EditionQualifier.verdict("summer edition") == .sameRelease)
        #expect(EditionQualifier.verdict("drumless edition") == .differentRelease)
        #expect(EditionQualifier.verdict("taylor's version") == .differentRelease)
        #expect(EditionQualifier.verdict("korean edition") == .undecided, "left to the tracks: it may be sung in Korean")
        #expect(EditionQualifier.verdict("korean version") == .differentRelease)
        #expect(EditionQualifier.verdict("blue") == .undecided)
        #expect(EditionQualifier.verdict("blue vinyl") == .sameRelease)
        #expect(TitleFamily.read("Fragments (Original Version)").undecidedQualifier == "original version")
        #expect(TitleFamily.read("Thriller 25").family == "thriller 25")
        #expect(TitleFamily.trailingNumberHead(of: TitleFamily.of("Thriller 25 (Deluxe Edition)")) == "thriller")
        #expect(TitleFamily.read("Love Deluxe").family == "love deluxe")
        #expect(TitleFamily.read("Songs Pt. II").family == "songs part 2")
    }

    // MARK: Rules

    @Test func editionQualifiersFoldButDifferentReleasesStay() {
        #expect(TitleFamily.of("Abbey Road (Remastered 2009)") == "abbey road")
        #expect(TitleFamily.of("Rumours (Deluxe) [Explicit]") == "rumours")
        #expect(TitleFamily.of("Migration - Single") == "migration")
        #expect(TitleFamily.of("Fragments (Live)") == "fragments (live)")
        #expect(TitleFamily.of("(Deluxe)") == "(deluxe)")
        #expect(TitleFamily.of("Deluxe") == "deluxe")
    }

    @Test func artistCreditsSplitJoinsAndDropFeatures() {
        #expect(ArtistCredit.main("Lil Nas X feat. Jack Harlow") == "lil nas x")
        #expect(ArtistCredit.all("Khruangbin & Leon Bridges") == ["khruangbin and leon bridges", "khruangbin", "leon bridges"])
        #expect(ArtistCredit.all("Bonobo") == ["bonobo"])
    }

    @Test func foldingIsIdempotent() {
        for text in ["Beyonce\u{301}", "ＡＢＣ", "Don’t", "a\u{202E}b", "  x\t y  "] {
            #expect(MatchText.fold(MatchText.fold(text)) == MatchText.fold(text))
        }
        #expect(MatchText.fold("a\u{202E}b\u{200B}c") == "abc")
    }

    // MARK: Legacy compatibility (SPEC: match(t, a) == match(split(legacyKey(t, a))))

    /// The phone app's key, byte for byte: no Unicode normalisation.
    static func phoneAppLegacyKey(_ title: String, _ artist: String) -> String {
        title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() + "\u{1F}"
            + artist.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    @Test func everyLegacyKeyStillMatches() {
        var generator = UnicodeTextGenerator(seed: 0xDEC0DE)
        for _ in 0..<4_000 {
            let title = generator.next()
            let artist = generator.next()
            let (splitTitle, splitArtist) = AlbumKey.split(Self.phoneAppLegacyKey(title, artist))
            let original = MatchKey(title: title, artist: artist)
            #expect(
                MatchKey(title: splitTitle, artist: splitArtist) == original,
                "title \(title.unicodeScalars.map { $0.value }) artist \(artist.unicodeScalars.map { $0.value })")
            #expect(MatchKey.all(title: splitTitle, artist: splitArtist) == MatchKey.all(title: title, artist: artist))
            // normalize(split(key)) == key for the stored form.
            let stored = AlbumKey(title: title, artist: artist)
            #expect(AlbumKey(title: stored.title, artist: stored.artist) == stored)
            #expect(AlbumKey(rawValue: stored.rawValue).rawValue.utf8.elementsEqual(stored.rawValue.utf8))
        }
    }
}
