/// The versions `feed.hideVariants` hides: a track or record re-cut from an original that people who
/// follow the artist rarely want announced (jakubito/spotify-release-list#53: "sped up, slowed down,
/// chopped, instrumental & acapella versions").
package enum VariantKind: String, Sendable, Hashable, CaseIterable, Codable {
    case spedUp, slowed, nightcore, instrumental, aCappella
}

/// Reads a variant from a title, the way the match keys read edition qualifiers (`TitleFamily`):
/// only a qualifier after the title's own name counts, in brackets ("Daylight (Sped Up)",
/// "Cupid (Twin Ver.) (Sped Up)") or after a dash ("Mockingbird - Slowed + Reverb"), and never the
/// whole title, so a record named "Acapella" or "Instrumentals" is the original and stays.
package enum VariantTitle {
    /// The variant a title names, or nil for an original (or anything else).
    package static func kind(of title: String) -> VariantKind? {
        var text = MatchText.fold(title)
        // iTunes' collection suffixes come after the qualifier: "Calm Down (Sped Up) - Single".
        for suffix in [" - single", " - ep"] where text.hasSuffix(suffix) {
            text = String(text.dropLast(suffix.count))
        }
        for qualifier in qualifiers(of: text) {
            if let kind = kind(ofQualifier: qualifier) { return kind }
        }
        return nil
    }

    /// The bracketed groups that follow some of the title's own text, and the text after its last
    /// spaced dash when text precedes it.
    static func qualifiers(of text: String) -> [String] {
        var found: [String] = []
        var depth = 0
        var start: String.Index?
        var headSeen = false
        for index in text.indices {
            let character = text[index]
            if character == "(" || character == "[" {
                if depth == 0, headSeen { start = text.index(after: index) }
                depth += 1
            } else if character == ")" || character == "]" {
                depth = max(0, depth - 1)
                if depth == 0, let open = start {
                    found.append(String(text[open..<index]))
                    start = nil
                }
            } else if depth == 0, character != " " {
                headSeen = true
            }
        }
        if let dash = text.range(of: " - ", options: .backwards) {
            let head = text[..<dash.lowerBound].trimmingCharacters(in: " ")
            if !head.isEmpty { found.append(String(text[dash.upperBound...])) }
        }
        return found
    }

    /// The variant one qualifier names, by its words.
    static func kind(ofQualifier qualifier: String) -> VariantKind? {
        let words = qualifier.split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
        func has(_ word: String) -> Bool { words.contains(word) }
        func hasPair(_ first: String, _ second: String) -> Bool {
            zip(words, words.dropFirst()).contains { $0 == first && $1 == second }
        }
        func hasPrefix(_ prefix: String) -> Bool { words.contains { $0.hasPrefix(prefix) } }
        // A credit in brackets names people, not a version: "(feat. Capella Grey)".
        if let first = words.first, ["feat", "ft", "featuring", "with"].contains(first) { return nil }
        // Slowed first: "Sped Up + Slowed" is rare, "Slowed + Reverb" common; order only names the kind.
        if has("slowed") || hasPrefix("ralentizad") || has("rallentata") { return .slowed }
        // Sped up; Spanish and Portuguese "acelerada/o", French "accéléré" (folded), Turkish "hızlandırılmış".
        if has("sped") || has("spedup") || hasPair("speed", "up") || has("speedup") || hasPrefix("acelerad") || has("accelere")
            || hasPrefix("hizlandiril")
        {
            return .spedUp
        }
        if has("nightcore") { return .nightcore }
        // "Instrumental(s)", Korean stores' "Inst.", Italian "strumentale", Japanese "off vocal" and カラオケ/インスト.
        if has("instrumental") || has("instrumentals") || has("inst") || has("instrumentale") || has("strumentale")
            || has("instrumentalversion") || hasPair("off", "vocal") || has("karaoke") || qualifier.contains("インスト")
            || qualifier.contains("カラオケ") || qualifier.contains("オフボーカル")
        {
            return .instrumental
        }
        if has("acapella") || has("acappella") || hasPair("a", "cappella") || hasPair("a", "capella") || hasPair("vocals", "only")
            || qualifier.contains("アカペラ")
        {
            return .aCappella
        }
        return nil
    }
}
