import Foundation

/// Spellings of one title or name that catalogs write differently, read alike (applied to folded
/// text, after `TitleForms.unify`):
/// - dots: initials lose theirs ("P.H.U.Q." is "PHUQ", "R.E.M." is "REM"), other dots and
///   ellipses read as spaces ("Section.80" is "Section 80", "MM..FOOD" is "Mm…Food"), but a dot
///   between digits is a number's ("1.0" is not "10");
/// - a slash is read spaced and a spaced colon unspaced ("Getz/Gilberto" is "Getz / Gilberto",
///   "MAP OF THE SOUL : 7" is "MAP OF THE SOUL: 7");
/// - quotes are dropped unless inside a word ("'The ReVe Festival' Day 1", "\"Ctrl\"", but
///   "Don't" keeps its apostrophe); a whole title in square brackets loses them;
/// - a title ending in "-Word-" reads as "(Word)": the Korean "LOVE SHOT -Repackage-".
/// - the Korean store form "IU 5th Album 'LILAC'" and "The 5th Album 'DON'T MESS UP MY TEMPO'"
///   is the quoted title.
/// Sources: Discogs and MusicBrainz Style/Titles (titles as printed, punctuation varying by
/// storefront), Melon and Apple Music Korea store names.
enum TitleSpelling {
    static func tidy(_ text: String) -> String {
        // Byte checks first: most titles have none of these, and every title is read.
        let utf8 = text.utf8
        let dot = utf8.contains(UInt8(ascii: "."))
        let slash = utf8.contains(UInt8(ascii: "/"))
        let colon = utf8.contains(UInt8(ascii: ":"))
        let bracket = utf8.first == UInt8(ascii: "[")
        let quote = hasLooseQuote(text)
        let dash = utf8.last == UInt8(ascii: "-")
        guard dot || slash || colon || bracket || quote || dash else { return text }
        var text = quote ? storeFormTitle(text) ?? text : text
        if dot { text = foldingDots(text) }
        // Spaced, so a slash between two edition names still parts their words.
        if slash { text = text.replacingOccurrences(of: "/", with: " / ") }
        if colon, text.contains(" : ") { text = text.replacingOccurrences(of: " : ", with: ": ") }
        if quote { text = droppingQuotes(text) }
        if bracket, text.count > 2, text.hasSuffix("]"), text.dropFirst().firstIndex(of: "[") == nil {
            let inner = String(text.dropFirst().dropLast())
            if EditionQualifier.verdict(inner) == .undecided { text = inner }
        }
        if dash, text.hasSuffix("-"), let open = text.range(of: " -", options: .backwards),
            open.upperBound < text.index(before: text.endIndex)
        {
            let inner = text[open.upperBound..<text.index(before: text.endIndex)]
            if !inner.contains(" "), inner.allSatisfy(\.isLetter) { text = String(text[..<open.lowerBound]) + " (" + inner + ")" }
        }
        return collapsingSpaces(text)
    }

    /// "iu 5th album 'lilac'" → "lilac": an ordinal, an optional kind, "album", then the quoted title.
    static func storeFormTitle(_ text: String) -> String? {
        guard let last = text.last, last == "'" || last == "\"", let open = text.range(of: " album '") ?? text.range(of: " album \"")
        else { return nil }
        let quoted = text[open.upperBound..<text.index(before: text.endIndex)]
        guard !quoted.isEmpty else { return nil }
        var words = text[..<open.lowerBound].split(separator: " ")
        if let kind = words.last, ["mini", "full", "special", "studio", "repackage", "full-length", "regular"].contains(kind) {
            words.removeLast()
        }
        guard let ordinal = words.last, EditionQualifier.isOrdinal(String(ordinal)) else { return nil }
        return String(quoted)
    }

    /// Initials joined, other dots as spaces, dots between digits kept, a closing ellipsis kept.
    static func foldingDots(_ text: String) -> String {
        var body = Substring(text)
        while body.hasSuffix(" ") { body = body.dropLast() }
        var closing = ""
        if body.hasSuffix("..") {
            while body.hasSuffix(".") || body.hasSuffix(" ") { body = body.dropLast() }
            closing = "..."
        }
        return collapsingSpaces(foldingInnerDots(String(body))) + closing
    }

    private static func foldingInnerDots(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard word.contains(".") else { return String(word) }
            let pieces = word.split(separator: ".", omittingEmptySubsequences: false)
            // "p.h.u.q.", "r.e.m", "u.s.a.": single letters between dots.
            let letters = pieces.filter { !$0.isEmpty }
            if letters.count >= 2, letters.allSatisfy({ $0.count == 1 && $0.first!.isLetter }),
                pieces.dropLast().allSatisfy({ $0.count == 1 })
            {
                return letters.joined()
            }
            var result = ""
            var previous: Character?
            let characters = Array(word)
            for (index, character) in characters.enumerated() {
                if character == "." {
                    let next = index + 1 < characters.count ? characters[index + 1] : nil
                    if previous?.isNumber == true, next?.isNumber == true {
                        result.append(".")
                    } else if result.last != " " {
                        result.append(" ")
                    }
                } else {
                    result.append(character)
                }
                previous = character
            }
            return result.trimmingCharacters(in: " ")
        }.joined(separator: " ")
    }

    /// True when `text` has a quote that is not an apostrophe between two ASCII letters or digits
    /// (the only kind `droppingQuotes` keeps), by bytes: "Don't Stop" has none.
    static func hasLooseQuote(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        let isAlphanumeric = { (byte: UInt8) in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        for (index, byte) in utf8.enumerated() where byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
            guard byte == UInt8(ascii: "'"), index > 0, index + 1 < utf8.count, isAlphanumeric(utf8[index - 1]),
                isAlphanumeric(utf8[index + 1])
            else { return true }
        }
        return false
    }

    /// Quotes dropped unless between two letters or digits ("don't" keeps its apostrophe).
    static func droppingQuotes(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character == "'" || character == "\"" {
                let before = index > 0 ? characters[index - 1] : nil
                let after = index + 1 < characters.count ? characters[index + 1] : nil
                if character == "'", before.map({ $0.isLetter || $0.isNumber }) == true, after.map({ $0.isLetter || $0.isNumber }) == true {
                    result.append(character)
                }
                continue
            }
            result.append(character)
        }
        return result
    }

    static func collapsingSpaces(_ text: some StringProtocol) -> String {
        text.split(separator: " ").joined(separator: " ")
    }
}

/// How names are read alike (`ArtistCredit.main`): dots as in titles ("Dr. Dre" is "Dr Dre",
/// "R.E.M." is "REM"), "Tyler, The Creator" is "Tyler The Creator", and a leading "The" is
/// dropped from the credit and from each artist joined in it ("The Killers" is "Killers").
/// A hyphen between letters is a space ("Jay-Z" is "Jay Z"), "$" is "s" ("A$AP Rocky", "Ke$ha"),
/// "!" between letters is "i" ("P!nk") and dropped elsewhere ("Panic! at the Disco").
/// MusicBrainz Style/Artist keeps "The" in names; catalogs and tag editors often drop it.
enum NameSpelling {
    static func tidy(_ name: String) -> String {
        var name = name
        if name.contains(".") { name = TitleSpelling.foldingDots(name) }
        if name.contains("-") || name.contains("$") || name.contains("!") { name = spellingSymbols(name) }
        // "tyler, the creator": a comma before a name's own "the" is not a join.
        if let range = ASCIISearch.range(of: ", the ", in: name), !name[range.upperBound...].contains(" "),
            !name[range.upperBound...].contains(",")
        {
            name.replaceSubrange(range, with: " the ")
        }
        let joined = ASCIISearch.components(of: name, separatedBy: " and ").map { part -> String in
            part.hasPrefix("the ") && part.count > 4 ? String(part.dropFirst(4)) : part
        }.joined(separator: " and ")
        return TitleSpelling.collapsingSpaces(joined)
    }

    private static func spellingSymbols(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            let before = index > 0 ? characters[index - 1] : nil
            let after = index + 1 < characters.count ? characters[index + 1] : nil
            let between = before?.isLetter == true && after?.isLetter == true
            switch character {
            case "-": result.append(between ? " " : "-")
            case "$": result.append("s")
            case "!": if between { result.append("i") }
            default: result.append(character)
            }
        }
        let spelled = TitleSpelling.collapsingSpaces(result)
        return spelled.isEmpty ? name : spelled
    }
}

extension StringProtocol {
    /// The text without `character` repeated at either end (titles and spellings trim one mark at a time).
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
