import Foundation

/// The release-family form of a title: folded, its text forms unified ("&"/"and", "Pt."/"Part",
/// "Vol."/"Volume"), without iTunes' " - Single"/" - EP" suffix and without the edition
/// qualifiers it ends in — in brackets, after a dash or colon, or as plain words.
enum TitleFamily {
    /// What reading a title found.
    struct Reading: Equatable {
        /// The family text: what two editions of one release share.
        var family: String
        /// The title ended in " - Single" or " - EP": a single never stands for its album.
        var isShortForm: Bool
        /// An edition qualifier was stripped: "(Deluxe Edition)", "- 2011 Remaster", "25th Anniversary".
        var isQualified: Bool
        /// The last qualifier left in the family when the rules could not place it, such as
        /// "(Original Version)": a candidate for track-list evidence (`TrackEvidence`), never a
        /// match by itself. (A family ending in a number is one too: `trailingNumberHead(of:)`.)
        var undecidedQualifier: String?
        /// The title before the undecided qualifier: the owned album it may be an edition of.
        var undecidedHead: String?
        /// The folded title the reading started from.
        var folded = ""
        /// The title before a kept soundtrack marker ("Gladiator" of "Gladiator (Music from the
        /// Motion Picture)"): a soundtrack's reissue often drops the marker.
        var soundtrackHead: String?
        /// A featured artist written into the title ("Old Town Road (feat. Billy Ray Cyrus)"): the
        /// title before it and the featured name, as a credit elsewhere may carry it.
        var featuring: (head: String, name: String)?

        /// The title is in a classical form (`ClassicalForm`): only a whole performer credit
        /// matches. Worked out when asked: only a release whose family meets an owned one is.
        var isClassical: Bool { ClassicalForm.isClassical(title: folded) }

        static func == (lhs: Reading, rhs: Reading) -> Bool {
            lhs.family == rhs.family && lhs.isShortForm == rhs.isShortForm && lhs.isQualified == rhs.isQualified
                && lhs.undecidedQualifier == rhs.undecidedQualifier && lhs.undecidedHead == rhs.undecidedHead
                && lhs.folded == rhs.folded && lhs.soundtrackHead == rhs.soundtrackHead
                && lhs.featuring?.head == rhs.featuring?.head && lhs.featuring?.name == rhs.featuring?.name
        }
    }

    /// Marks an owned single's or EP's family: it hides singles and EPs of that name, never the album.
    static let shortFormMarker = "\u{1E}short"

    static func of(_ title: String) -> String {
        read(title).family
    }

    static func read(_ title: String) -> Reading {
        let folded = MatchText.fold(title)
        if hasNothingToStrip(folded) {
            return Reading(family: folded, isShortForm: false, isQualified: false, folded: folded)
        }
        var text = TitleSpelling.tidy(TitleForms.unify(folded))
        var isShortForm = false
        for suffix in [" - single", " - ep"] where text.hasSuffix(suffix) && text.count > suffix.count {
            text = String(text.dropLast(suffix.count))
            isShortForm = true
        }
        // Strip qualifiers from the end, one at a time: "Abbey Road (Remastered) [Explicit]".
        var isQualified = false
        var undecided: (qualifier: String, head: String)?
        var kept: (qualifier: String, head: String)?
        while true {
            switch strippingTrailingQualifier(text) {
            case .stripped(let head):
                text = head
                isQualified = true
                continue
            case .kept(let qualifier, let verdict, let head):
                if verdict == .undecided { undecided = (qualifier, head) }
                kept = (qualifier, head)
            case .none:
                break
            }
            break
        }
        let unromanised = strippingRomanisation(text)
        if unromanised != text { (text, undecided, kept) = (unromanised, nil, nil) }
        var reading = Reading(
            family: text, isShortForm: isShortForm, isQualified: isQualified,
            undecidedQualifier: undecided?.qualifier, undecidedHead: undecided?.head, folded: folded)
        if let kept {
            if isSoundtrackMarker(kept.qualifier) { reading.soundtrackHead = kept.head }
            for marker in ["feat ", "ft ", "featuring "] where kept.qualifier.hasPrefix(marker) && kept.qualifier.count > marker.count {
                reading.featuring = (kept.head, String(kept.qualifier.dropFirst(marker.count)))
            }
        }
        return reading
    }

    /// "(Original Motion Picture Soundtrack)", "(Music from the Motion Picture)", "(Original
    /// Score)", "(OST)": Apple Music's and MusicBrainz's soundtrack markers.
    static func isSoundtrackMarker(_ qualifier: String) -> Bool {
        let words = Set(EditionQualifier.words(of: qualifier))
        return words.contains("soundtrack") || words.contains("score") || words.contains("ost")
            || (words.contains("motion") && words.contains("picture")) || qualifier.hasPrefix("music from")
    }

    private enum Trailing {
        case stripped(head: String)
        case kept(qualifier: String, EditionQualifier.Verdict, head: String)
        case none
    }

    /// The title without its last edition qualifier, or what it ends in when that is kept.
    /// Never strips the whole title: "(Deluxe)" alone stays a title.
    private static func strippingTrailingQualifier(_ text: String) -> Trailing {
        if let close = text.last, close == ")" || close == "]" {
            guard let openIndex = text.lastIndex(of: close == ")" ? "(" : "[") else { return .none }
            let inner = String(text[text.index(after: openIndex)..<text.index(before: text.endIndex)])
            let head = text[..<openIndex].trimmingCharacters(in: " ")
            return judged(inner, head: head)
        }
        if let dash = lastDashSeparator(in: text) {
            let verdict = judged(String(text[dash.upperBound...]), head: text[..<dash.lowerBound].trimmingCharacters(in: " "))
            if case .stripped = verdict { return verdict }
        }
        // "Title: Deluxe Edition", "Dune: Part Two" (kept).
        if text.utf8.contains(UInt8(ascii: ":")), let colon = text.range(of: ": ", options: .backwards) {
            let verdict = judged(String(text[colon.upperBound...]), head: String(text[..<colon.lowerBound]))
            if case .stripped = verdict { return verdict }
        }
        // Plain words only when the last one can close a qualifier: most titles end otherwise.
        guard let space = text.lastIndex(of: " "), closesPlainQualifier(text[text.index(after: space)...]) else { return .none }
        let words = text.split(separator: " ").map(String.init)
        let length = EditionQualifier.plainSuffixLength(words)
        if length > 0 { return .stripped(head: words.dropLast(length).joined(separator: " ")) }
        return .none
    }

    private static func closesPlainQualifier(_ word: Substring) -> Bool {
        closingWords.contains(Array(word.utf8)) || word == "+"
    }

    /// "Thriller 25" → "thriller": a family ending in a short number may be an anniversary edition
    /// or a sequel ("The Marshall Mathers LP 2"); only track lists can tell, so it is undecided.
    static func trailingNumberHead(of family: String) -> String? {
        guard let space = family.lastIndex(of: " ") else { return nil }
        let last = family[family.index(after: space)...]
        guard last.count <= 3, last.allSatisfy(\.isASCIIDigit) else { return nil }
        let head = String(family[..<space])
        return head.isEmpty ? nil : head
    }

    private static func judged(_ qualifier: String, head: String) -> Trailing {
        guard !head.isEmpty else { return .none }
        let verdict = EditionQualifier.verdict(qualifier)
        return verdict == .sameRelease ? .stripped(head: head) : .kept(qualifier: qualifier, verdict, head: head)
    }

    /// "七里香 (qi li xiang)" is "七里香": a romanisation (or translation) in Latin letters beside a
    /// title in another script names the same title. A qualifier word ("(Live)") is never one.
    private static func strippingRomanisation(_ text: String) -> String {
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return text }
        let head = text[..<open].trimmingCharacters(in: " ")
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        // "Лето (Leto)": the title and its romanisation read alike once transliterated.
        if !head.isEmpty, inner == head { return head }
        let isLatinLetter: (Character) -> Bool = { $0.isASCII && $0.isLetter }
        guard head.contains(where: \.isLetter), !head.contains(where: isLatinLetter),
            inner.contains(where: isLatinLetter),
            inner.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || " '-.,!?".contains($0) }),
            EditionQualifier.verdict(String(inner)) == .undecided,
            // "東京 (Tokyo Version)" names a version, not the title in Latin letters.
            !EditionQualifier.words(of: String(inner)).contains(where: EditionQualifier.isVocabulary)
        else { return text }
        return head
    }

    /// True for ASCII text with nothing a reading could change: no bracket, dash separator, colon,
    /// "&", ".", "+", "/", quote or closing "-", and no word a text form or plain qualifier starts from. One pass over
    /// the bytes settles most titles the diff sees.
    static func hasNothingToStrip(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.last != UInt8(ascii: "-") else { return false }
        var beforePrevious: UInt8 = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return false }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
                UInt8(ascii: "&"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "\""):
                return false
            default: break
            }
            if beforePrevious == 0x20, previous == UInt8(ascii: "-"), byte == 0x20 { return false }
            (beforePrevious, previous) = (previous, byte)
        }
        // A quote other than an apostrophe inside a word is dropped by `TitleSpelling`.
        if text.utf8.contains(UInt8(ascii: "'")), TitleSpelling.hasLooseQuote(text) { return false }
        return text.utf8.withContiguousStorageIfAvailable(wordsLeaveNothingToStrip) ?? wordsLeaveNothingToStrip(splitting: text)
    }

    /// The word rule, by splitting at spaces: for text not stored contiguously.
    static func wordsLeaveNothingToStrip(splitting text: String) -> Bool {
        // Only words that start like "part"/"vol…" or end the title are compared.
        var last: Substring.UTF8View.SubSequence?
        for word in text.utf8.split(separator: 0x20) {
            if let first = word.first, first == UInt8(ascii: "p") || first == UInt8(ascii: "v"), word.count <= 7,
                TitleForms.triggerWords.contains(Array(word))
            {
                return false
            }
            last = word
        }
        if let last, last.count <= 11, Self.closingWords.contains(Array(last)) { return false }
        return true
    }

    /// The word rule of `hasNothingToStrip` over the title's bytes in place: the same words as
    /// splitting at spaces, compared with no array built (a quarter million titles a run, and
    /// "velvet" or "paper" start like "vol…" and "part").
    static func wordsLeaveNothingToStrip(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        var last: Range<Int>?
        for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x20 {
            defer { start = end + 1 }
            guard end > start else { continue }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if word[0] == UInt8(ascii: "p") || word[0] == UInt8(ascii: "v"), word.count <= 7,
                triggerWordList.contains(where: { $0.elementsEqual(word) })
            {
                return false
            }
            last = start..<end
        }
        guard let last, last.count <= 11 else { return true }
        let word = UnsafeBufferPointer(rebasing: bytes[last])
        return !closingWordList.contains { $0.elementsEqual(word) }
    }

    private static let triggerWordList = Array(TitleForms.triggerWords)
    private static let closingWordList = Array(closingWords)

    /// Words that may end a plain qualifier ("… Deluxe Edition", "Illmatic XX"), as bytes for the fast path.
    static let closingWords: Set<[UInt8]> = Set(
        EditionQualifier.closingWords.union(EditionQualifier.anniversaryMarks).map { Array($0.utf8) }
    )

    /// The last " - " in `text`. ASCII text is scanned byte by byte (every byte is a character
    /// there); other text keeps Foundation's search, whose grapheme rules the matching was built
    /// on. Every title the diff sees is searched, and Foundation's search bridges each one.
    static func lastDashSeparator(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.range(of: " - ", options: .backwards) }
        let separator: [UInt8] = [0x20, 0x2D, 0x20]
        var end = utf8.endIndex
        while let start = utf8.index(end, offsetBy: -separator.count, limitedBy: utf8.startIndex) {
            if utf8[start..<end].elementsEqual(separator) { return start..<end }
            end = utf8.index(before: end)
        }
        return nil
    }
}

/// The text forms of one title that catalogs write differently: "&" and "and", "Pt." and "Part",
/// "Vol." and "Volume(s)", "Part Two" and "Part II" and "Part 2", ". . ." and "...".
/// Applied to folded text; numbers after "part" and "vol" keep their value, so sequels stay apart.
enum TitleForms {
    static let triggerWords: Set<[UInt8]> = Set(["pt", "part", "vol", "vols", "volume", "volumes"].map { Array($0.utf8) })

    static func unify(_ text: String) -> String {
        let utf8 = text.utf8
        guard
            utf8.contains(UInt8(ascii: "&")) || utf8.contains(UInt8(ascii: "."))
                || utf8.split(separator: 0x20).contains(where: { triggerWords.contains(Array($0)) })
        else { return text }
        var text = text
        if utf8.contains(UInt8(ascii: ".")), text.contains("..") || text.contains(". .") {
            while text.contains(". .") { text = text.replacingOccurrences(of: ". .", with: "..") }
            text = text.replacingOccurrences(of: " ...", with: "...").replacingOccurrences(of: "... ", with: "...")
        }
        var words: [String] = []
        for word in text.split(separator: " ") {
            // "vol.2", "pt.3": a number glued to its word.
            if let dot = word.firstIndex(of: "."), dot != word.startIndex, word.index(after: dot) != word.endIndex,
                seriesWord(word[..<dot]) != nil, word[word.index(after: dot)...].first?.isNumber == true
            {
                words.append(seriesWord(word[..<dot])!)
                words.append(String(word[word.index(after: dot)...]))
                continue
            }
            words.append(word == "&" ? "and" : String(word))
        }
        for index in words.indices {
            guard let series = seriesWord(Substring(words[index])), index + 1 < words.count,
                let number = number(words[index + 1])
            else { continue }
            words[index] = series
            words[index + 1] = number
        }
        return words.joined(separator: " ")
    }

    /// "pt." → "part", "vol."/"volume"/"volumes" → "vol", or nil for any other word.
    private static func seriesWord(_ word: Substring) -> String? {
        switch word {
        case "pt", "pt.", "part": "part"
        case "vol", "vol.", "vols", "vols.", "volume", "volumes": "vol"
        default: nil
        }
    }

    private static let numberWords = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"
    ]
    private static let romanNumerals = [
        "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x",
        "xi", "xii", "xiii", "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx"
    ]

    /// The value of a sequel number as digits ("two", "ii", "2" → "2"), with trailing punctuation kept.
    private static func number(_ word: String) -> String? {
        let core = word.prefix { !",:;)]".contains($0) }
        let rest = word.dropFirst(core.count)
        let bare = core.hasSuffix(".") ? core.dropLast() : core
        if !bare.isEmpty, bare.allSatisfy(\.isASCIIDigit) { return String(Int(bare).map(String.init) ?? String(bare)) + rest }
        if let value = numberWords.firstIndex(of: String(bare)) ?? romanNumerals.firstIndex(of: String(bare)) {
            return String(value + 1) + rest
        }
        return nil
    }
}
