import DeepCutCore
import Foundation

/// Secondary types read from a release's name and genre, for catalogs that have no field for them
/// (iTunes, Apple Music): "(Live)", "Live at Wembley", "(Remixes)", "Original Motion Picture
/// Soundtrack", "OST", "(Demos)", and a `Soundtrack` genre.
///
/// Live and demo count only where the name marks the edition (in brackets, after " - ", or a
/// leading "Live at/from/in"), so "Live Forever" or "Demon Days" stay plain albums; remix and
/// soundtrack words are distinctive enough anywhere.
enum ReleaseNaming {
    static func secondaryTypes(title: String, genres: [String] = []) -> [SecondaryType] {
        let marks = editionMarks(title).map(words)
        let all = words(title)
        var types: [SecondaryType] = []
        if marks.contains(where: { $0.contains("live") }) || Self.leadingLive(all) { types.append(.live) }
        if all.contains(where: { ["remix", "remixes", "remixed"].contains($0) }) { types.append(.remix) }
        if all.contains("soundtrack") || Self.hasOST(title)
            || genres.contains(where: { $0.caseInsensitiveCompare("Soundtrack") == .orderedSame })
        {
            types.append(.soundtrack)
        }
        if marks.contains(where: { $0.contains("demo") || $0.contains("demos") }) { types.append(.demo) }
        return types
    }

    /// "Live at …", "Live from …", "Live in …" at the start of the name.
    private static func leadingLive(_ words: [String]) -> Bool {
        words.count > 2 && words[0] == "live" && ["at", "from", "in"].contains(words[1])
    }

    /// "OST" as a word of its own, in capitals: "ost" in lower case is a word in other languages.
    private static func hasOST(_ title: String) -> Bool {
        title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains("OST")
    }

    /// The parts of a name that describe the edition: each bracketed part, and what follows " - ".
    private static func editionMarks(_ title: String) -> [String] {
        var marks: [String] = []
        var current = ""
        var depth = 0
        for character in title {
            switch character {
            case "(", "[":
                depth += 1
                if depth == 1 { current = "" } else { current.append(" ") }
            case ")", "]":
                if depth == 1 { marks.append(current) }
                depth = max(depth - 1, 0)
            default:
                if depth > 0 { current.append(character) }
            }
        }
        if let dash = title.range(of: " - ", options: .backwards) { marks.append(String(title[dash.upperBound...])) }
        return marks
    }

    private static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
