import Foundation

/// Normalised artist identity, so whitespace, Unicode form and case never create duplicate artists.
package enum ArtistName {
    /// The comparison form of an artist name: trimmed, inner whitespace collapsed, lowercased, NFC.
    package static func normalize(_ name: String) -> String {
        normalizeASCII(name) ?? normalizeUnicode(name)
    }

    /// `normalize` for any text, by characters.
    static func normalizeUnicode(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased().precomposedStringWithCanonicalMapping
    }

    /// `normalize` for ASCII text, byte by byte: in ASCII the whitespace characters are exactly
    /// tab through carriage return and space (CR LF, one character, is two of them), lowercasing
    /// touches only A–Z and NFC changes nothing, so this gives exactly what `normalizeUnicode`
    /// gives (`ASCIIFastPathTests`). Every run normalises each library row and artist several
    /// times: through Foundation that was 4 % of an offline run (BENCHMARKS.md §4).
    /// - Returns: nil when `name` has any non-ASCII byte.
    static func normalizeASCII(_ name: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var pendingSpace = false
        var changed = false
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                // A kept space is changed only if it is not a single space between two words.
                if pendingSpace || bytes.isEmpty || byte != 0x20 { changed = true }
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            if (0x41...0x5A).contains(byte) {
                bytes.append(byte + 0x20)
                changed = true
            } else {
                bytes.append(byte)
            }
        }
        if pendingSpace { changed = true }
        return changed ? String(decoding: bytes, as: UTF8.self) : name
    }

    /// Which library names are one artist to sweep: `normalize`, then the match keys' folding
    /// (Latin diacritics, compatibility forms, quotes and dashes), so "Björk" and "Bjork" are swept
    /// once, under the first spelling. Only for grouping: keys stored on disk (resolution cache,
    /// catalog memory, dismissals) stay `normalize`d, so existing rows keep matching. Marks that
    /// carry meaning in other scripts are kept (`MatchText`), so "が" and "か" stay two artists.
    package static func groupingKey(_ name: String) -> String {
        MatchText.fold(normalize(name))
    }

    /// Placeholders that name no artist and must never be swept.
    package static func isPlaceholder(_ name: String) -> Bool {
        let normalized = normalize(name)
        return normalized.isEmpty || normalized == "various artists" || normalized == "various"
    }
}

extension ArtistName {
    /// True when a release credit names `artist`, by the matching rules of `ArtistCredit`: the whole
    /// main credit or any artist joined in it ("Black Mesa & Glassjaw" credits Glassjaw); featured
    /// artists do not count.
    package static func credit(_ credit: String, includes artist: String) -> Bool {
        ArtistCredit.all(credit).contains(ArtistCredit.main(artist))
    }
}

/// How an artist credit is read for matching.
///
/// Rule: a featured credit ("feat.", "ft.", "featuring", "with") is dropped; the remaining credit is
/// matched whole ("&" and "+" read as "and"), and also by each artist of a "&" / "and" / ","
/// join. So "Texas Sun" by "Khruangbin & Leon Bridges" is recognised in Khruangbin's feed and in
/// Leon Bridges' feed, and "Florence + the Machine" equals "Florence and the Machine".
/// Credit forms catalogs and libraries write differently are read alike: "A x B" and "A × B"
/// join like "&"; "Beatles, The" is "The Beatles"; a slash inside a name is dropped ("AC/DC" is
/// "ACDC"), a spaced one joins ("A / B").
enum ArtistCredit {
    /// Markers that begin a featured credit.
    static let featureMarkers = [" (feat. ", " (ft. ", " (featuring ", " (with ", " [feat. ", " feat. ", " ft. ", " featuring ", " with "]

    /// The folded main credit: featured artists removed, joins spelled "and", names spelled
    /// alike (`NameSpelling`: dots, a leading "The").
    static func main(_ artist: String) -> String {
        var text = " " + uninverted(MatchText.fold(artist)) + " "
        for marker in featureMarkers {
            if let range = ASCIISearch.range(of: marker, in: text), range.lowerBound > text.index(after: text.startIndex) {
                text = String(text[..<range.lowerBound])
            }
        }
        text = ASCIISearch.replacing(" + ", with: " and ", in: ASCIISearch.replacing(" & ", with: " and ", in: text))
        // Byte checks first: Foundation's search is the costly part, and most credits have neither.
        if text.utf8.contains(UInt8(ascii: "/")) {
            text = ASCIISearch.replacing("/", with: "", in: ASCIISearch.replacing(" / ", with: " and ", in: text))
        }
        var words = text.split(separator: " ")
        // "x" joins only between two names: "Lil Nas X" and "X Ambassadors" keep theirs.
        for index in words.indices.dropFirst().dropLast() where words[index] == "x" { words[index] = "and" }
        return NameSpelling.tidy(words.joined(separator: " "))
    }

    /// The featured artists of a credit ("Lil Nas X feat. Billy Ray Cyrus" → "billy ray cyrus"),
    /// spelled as a title's "(feat. …)" is read, or nil: a feature moves between the credit and
    /// the title from one catalog to another.
    static func featured(_ artist: String) -> String? {
        let text = " " + MatchText.fold(artist) + " "
        for marker in featureMarkers where marker != " (with " && marker != " with " {
            guard let range = ASCIISearch.range(of: marker, in: text), range.lowerBound > text.index(after: text.startIndex) else {
                continue
            }
            let name = text[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " )]"))
            let tidy = TitleSpelling.tidy(TitleForms.unify(name))
            return tidy.isEmpty ? nil : tidy
        }
        return nil
    }

    /// "beatles, the" → "the beatles": the sort form libraries and tag editors store.
    private static func uninverted(_ text: String) -> String {
        for article in [", the", ", a", ", an"] where text.hasSuffix(article) && text.count > article.count {
            return String(article.dropFirst(2)) + " " + text.dropLast(article.count)
        }
        return text
    }

    /// The main credit and each artist joined in it.
    static func all(_ artist: String) -> Set<String> {
        all(main: main(artist))
    }

    /// The whole performer credit of a folded main credit, its artists in a fixed order:
    /// "karajan, berliner philharmoniker" and "berliner philharmoniker and karajan" are one credit.
    static func ensemble(main whole: String) -> String {
        let parts = all(main: whole).subtracting([whole])
        return parts.isEmpty ? whole : parts.sorted().joined(separator: " and ")
    }

    /// Every credit of an already folded main credit (`main(_:)`'s result).
    static func all(main whole: String) -> Set<String> {
        var credits: Set<String> = [whole]
        let parts = ASCIISearch.components(of: ASCIISearch.replacing(", ", with: " and ", in: whole), separatedBy: " and ")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        if parts.count > 1 { credits.formUnion(parts) }
        return credits
    }
}
