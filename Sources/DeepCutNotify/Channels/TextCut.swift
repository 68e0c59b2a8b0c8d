import DeepCutCore
import Foundation

/// Cuts text to a size a channel takes, ending with an ellipsis, so one oversized item (a credit of
/// 70 KB, a title of 10 KB) is shortened rather than refused, and never holds back the rest.
///
/// Cuts fall between characters, never inside one (a decoder would garble a split character).
package enum TextCut {
    package static let ellipsis = "…"

    /// A title's or a credit's longest form in a message: longer names exist, but none a person reads whole.
    package static let fieldCharacters = 200
    /// A link longer than this is dropped rather than cut (a cut link leads nowhere).
    package static let linkBytes = 2_000

    /// At most `limit` characters, the last an ellipsis when cut.
    package static func characters(_ text: String, _ limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(max(0, limit - 1))) + ellipsis
    }

    /// At most `limit` bytes of UTF-8, the last three an ellipsis when cut.
    package static func utf8(_ text: String, _ limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var kept = ""
        var bytes = 0
        let room = max(0, limit - ellipsis.utf8.count)
        for character in text {
            let size = String(character).utf8.count
            if bytes + size > room { break }
            kept.append(character)
            bytes += size
        }
        return kept + ellipsis
    }
}

extension Digest.Item {
    /// The item as a message shows it: title and credit cut to `TextCut.fieldCharacters`, a link or
    /// artwork address past `TextCut.linkBytes` (or not a web address) dropped. The ledger keeps the
    /// item whole; only what leaves is cut.
    package var fitted: Digest.Item {
        var item = self
        item.entry.title = TextCut.characters(entry.title, TextCut.fieldCharacters)
        item.entry.artist = TextCut.characters(entry.artist, TextCut.fieldCharacters)
        item.entry.url = entry.url.flatMap(Self.keptLink)
        item.entry.artworkURL = entry.artworkURL.flatMap(Self.keptLink)
        return item
    }

    private static func keptLink(_ link: String) -> String? {
        link.utf8.count <= TextCut.linkBytes ? link : nil
    }
}
