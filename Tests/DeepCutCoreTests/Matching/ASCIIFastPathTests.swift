import Foundation
import Testing

@testable import DeepCutCore

/// The ASCII fast paths must give exactly what the general (Foundation) paths give: they exist
/// only for speed, so any difference would silently change which releases match.
@Suite struct ASCIIFastPathTests {
    /// Random ASCII strings over every code point 0x00–0x7F, weighted toward the interesting
    /// ones (space, controls, case, backtick, dash), deterministic per seed.
    struct ASCIIGenerator {
        var random: UnicodeTextGenerator
        static let favoured: [UInt8] = Array(" \t\n\r\u{0B}\u{0C}\u{00}\u{1F}\u{7F}`'-AZaz()[]".utf8)

        mutating func next() -> String {
            let length = Int(random.nextRandom() % 24)
            let bytes = (0..<length).map { _ -> UInt8 in
                let roll = random.nextRandom()
                return roll % 2 == 0 ? Self.favoured[Int(roll / 2 % UInt64(Self.favoured.count))] : UInt8(roll / 2 % 0x80)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test func foldingASCIIEqualsTheGeneralFolding() {
        var generator = ASCIIGenerator(random: UnicodeTextGenerator(seed: 0xA5C11))
        for _ in 0..<5_000 {
            let text = generator.next()
            #expect(MatchText.foldASCII(text) == MatchText.foldUnicode(text), "\(Array(text.utf8))")
        }
        #expect(MatchText.foldASCII("  Don`t\t\tSTOP  ") == "don't stop")
    }

    /// ASCII mixed with every Latin-1 letter (and the two Latin-1 signs it leaves to Foundation).
    @Test func foldingLatin1EqualsTheGeneralFolding() {
        var generator = ASCIIGenerator(random: UnicodeTextGenerator(seed: 0x1A7111))
        let latin1 = (0xC0...0xFF).compactMap(Unicode.Scalar.init).map { String(Character($0)) }
        var folded = 0
        for _ in 0..<5_000 {
            let roll = Int(generator.random.nextRandom() % UInt64(latin1.count * 4))
            let text =
                generator.next() + latin1[roll % latin1.count] + generator.next()
                + (roll < latin1.count * 2 ? latin1[roll / 2 % latin1.count] : "")
            guard let fast = MatchText.foldLatin1(text) else { continue }
            folded += 1
            #expect(fast == MatchText.foldUnicode(text), "\(Array(text.unicodeScalars))")
        }
        #expect(folded > 4_000)
        #expect(MatchText.foldLatin1("  Motörhead ×") == nil)
        #expect(MatchText.foldLatin1(" Café  Nocturne\t15 ") == "cafe nocturne 15")
        #expect(MatchText.foldLatin1("Ægir Ø") == MatchText.foldUnicode("Ægir Ø"))
    }

    @Test func foldingLeavesNonASCIIToTheGeneralPath() {
        #expect(MatchText.foldASCII("Café") == nil)
        #expect(MatchText.fold("Café") == MatchText.foldUnicode("Café"))
    }

    @Test func legacyNormalisationOfASCIIEqualsFoundations() {
        var generator = ASCIIGenerator(random: UnicodeTextGenerator(seed: 0x1E6AC7))
        for _ in 0..<5_000 {
            let text = generator.next()
            let foundation = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().precomposedStringWithCanonicalMapping
            #expect(AlbumKey.normalizeASCII(text) == foundation, "\(Array(text.utf8))")
        }
        #expect(AlbumKey.normalizeASCII(" \t ") == "")
        #expect(AlbumKey.normalizeASCII("Beyoncé") == nil)
    }

    @Test func artistNormalisationOfASCIIEqualsTheGeneralPath() {
        var generator = ASCIIGenerator(random: UnicodeTextGenerator(seed: 0xA271))
        for _ in 0..<5_000 {
            let text = generator.next()
            #expect(ArtistName.normalizeASCII(text) == ArtistName.normalizeUnicode(text), "\(Array(text.utf8))")
        }
        for text in ["", " ", "a", "Bonobo", "bonobo", "the  xx", " Khruangbin ", "a\r\nb", "A\u{0B}B\u{0C}c", "x \t", "\u{1C}a\u{1F}"] {
            #expect(ArtistName.normalizeASCII(text) == ArtistName.normalizeUnicode(text), "\(Array(text.utf8))")
        }
        #expect(ArtistName.normalizeASCII("Björk") == nil)
        #expect(ArtistName.normalize("Björk ") == ArtistName.normalizeUnicode("Björk "))
    }

    @Test func lastDashSeparatorEqualsFoundationsBackwardSearch() {
        var random = UnicodeTextGenerator(seed: 0xDA5)
        let pieces = [" ", "-", "a", " - ", "--"]
        for _ in 0..<3_000 {
            let text = (0..<Int(random.nextRandom() % 8)).map { _ in pieces[Int(random.nextRandom() % 5)] }.joined()
            let expected = text.range(of: " - ", options: .backwards)
            #expect(TitleFamily.lastDashSeparator(in: text) == expected, "\(text.debugDescription)")
        }
        // Overlapping separators: the last one starts rightmost.
        let text = "a - - b"
        #expect(TitleFamily.lastDashSeparator(in: text).map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) } == 3)
    }

    @Test func onlyTitlesWithNothingToStripSkipStripping() {
        for title in ["velvet harbor 01", "a-b", "x -y", "abc)", ""] where !title.isEmpty {
            #expect(TitleFamily.hasNothingToStrip(title) == !title.hasSuffix(")"), "\(title)")
        }
        for title in ["x - single", "x - ep", "x (deluxe)", "x [explicit]", "x - remastered", "a - b", "café", ""] {
            #expect(!TitleFamily.hasNothingToStrip(title), "\(title)")
        }
        #expect(TitleFamily.of("Migration - Single") == "migration")
        #expect(TitleFamily.of("Velvet Harbor 01") == "velvet harbor 01")
    }

    /// The word rule read in place equals the rule over split words, for any words and spacing.
    @Test func wordRuleInPlaceEqualsTheSplitWords() {
        let words = [
            "pt", "part", "parts", "vol", "vols", "volume", "volumes", "velvet", "paper", "p", "v", "edition", "remaster",
            "remastered", "remasters", "anniversary", "reissue", "xx", "xxv", "x", "deluxe", "01", "harbor", "editions"
        ]
        var random = UnicodeTextGenerator(seed: 0x3D5)
        for _ in 0..<5_000 {
            let count = Int(random.nextRandom() % 5)
            let text =
                (0..<count).map { _ -> String in
                    let spaces = String(repeating: " ", count: Int(random.nextRandom() % 3))
                    return spaces + words[Int(random.nextRandom() % UInt64(words.count))]
                }.joined() + String(repeating: " ", count: Int(random.nextRandom() % 2))
            let inPlace = Array(text.utf8).withUnsafeBufferPointer(TitleFamily.wordsLeaveNothingToStrip)
            #expect(inPlace == TitleFamily.wordsLeaveNothingToStrip(splitting: text), "\(text)")
        }
        #expect(!TitleFamily.hasNothingToStrip("velvet volume 2"))
        #expect(!TitleFamily.hasNothingToStrip("illmatic xx"))
        #expect(TitleFamily.hasNothingToStrip("velvet paper 02"))
    }

    /// The byte-by-byte searches give Foundation's answers for every pattern an artist credit is
    /// searched for, over ASCII text full of those patterns, their pieces and line breaks.
    @Test func asciiSearchesEqualFoundations() {
        let patterns = ArtistCredit.featureMarkers + [" & ", " + ", " / ", "/", ", ", " and ", ", the ", "x", "  "]
        let pieces = patterns + ["a", "B", " ", "\r\n", "\n", "\r", "the", "(", "feat.", "an", "d", ",", "\t", "é"]
        var random = UnicodeTextGenerator(seed: 0x5EA2C4)
        for round in 0..<3_000 {
            let text = (0..<Int(random.nextRandom() % 9)).map { _ in pieces[Int(random.nextRandom() % UInt64(pieces.count))] }.joined()
            for pattern in patterns {
                #expect(ASCIISearch.range(of: pattern, in: text) == text.range(of: pattern), "\(round) \(Array(text.utf8)) \(pattern)")
                #expect(
                    ASCIISearch.replacing(pattern, with: " and ", in: text) == text.replacingOccurrences(of: pattern, with: " and "))
                #expect(ASCIISearch.replacing(pattern, with: "", in: text) == text.replacingOccurrences(of: pattern, with: ""))
                #expect(ASCIISearch.components(of: text, separatedBy: pattern) == text.components(separatedBy: pattern))
            }
        }
        #expect(ArtistCredit.main("Khruangbin & Leon Bridges feat. X") == "khruangbin and leon bridges")
        #expect(ArtistCredit.all("AC/DC & The Who") == ["acdc and who", "acdc", "who"])
    }

    @Test func parsingASCIIDatesEqualsTheGeneralParse() {
        var random = UnicodeTextGenerator(seed: 0xDA7E)
        let pieces = ["2019", "06", "14", "-", "T", "0", "1", "13", "32", "00", "07:00:00Z", "x", "--", "201", ""]
        for _ in 0..<5_000 {
            let text = (0..<Int(random.nextRandom() % 6)).map { _ in pieces[Int(random.nextRandom() % UInt64(pieces.count))] }.joined()
            #expect(ReleaseDate.parseASCII(text) == ReleaseDate.parseAny(text), "\(text)")
        }
        #expect(ReleaseDate(iso: "2018-05-10T07:00:00Z") == ReleaseDate(year: 2018, month: 5, day: 10))
        #expect(ReleaseDate(iso: "2019-06") == ReleaseDate(year: 2019, month: 6))
        #expect(ReleaseDate(iso: "2019-06-1") == nil)
    }

    @Test func keyOrderIsCodePointOrder() {
        var generator = UnicodeTextGenerator(seed: 0x50E7)
        for _ in 0..<2_000 {
            let a = AlbumKey(title: generator.next(), artist: generator.next())
            let b = AlbumKey(title: generator.next(), artist: generator.next())
            let byScalars = a.rawValue.unicodeScalars.map(\.value).lexicographicallyPrecedes(b.rawValue.unicodeScalars.map(\.value))
            #expect((a < b) == byScalars)
        }
    }
}
