import Foundation
import DeepCutCore

/// Names and ids shared by the JSON Feed, the Atom feed and the page. Entry ids are tag URIs
/// (RFC 4151) built from the provider and the catalog's release id, so a reader that has seen an
/// entry recognises it in every later run, whatever else changed about it.
enum FeedIdentity {
    static let title = "Deep Cut Atlas"
    static let author = "Deep Cut Atlas"
    static let generator = "deepcut"
    private static let tagPrefix = "tag:deepcut.atlas,2026:"

    static var feedID: String { tagPrefix + "feed" }

    static func entryID(provider: String, releaseID: String) -> String {
        tagPrefix + percentEncoded(provider) + "/" + percentEncoded(releaseID)
    }

    /// The id of an upcoming release's announcement: distinct from its release entry, so a reader
    /// shows it once when announced and once more on release day — never again.
    static func announcementID(provider: String, releaseID: String) -> String {
        entryID(provider: provider, releaseID: releaseID) + "/upcoming"
    }

    /// The catalog release id inside an entry or announcement id of this provider
    /// (`tag:…:itunes/2000022`, `…/2000022/upcoming`), as a reader shows it; nil for anything else.
    static func releaseID(fromEntryID id: String, provider: String) -> String? {
        let prefix = tagPrefix + percentEncoded(provider) + "/"
        guard id.hasPrefix(prefix) else { return nil }
        var rest = String(id.dropFirst(prefix.count))
        if rest.hasSuffix("/upcoming") { rest = String(rest.dropLast("/upcoming".count)) }
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        return rest.removingPercentEncoding
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters, so any catalog id makes a valid URI.
    /// Catalog ids are nearly always unreserved already and come back unchanged without Foundation:
    /// every feed entry has an id, and the feeds are rendered for thousands of entries.
    private static func percentEncoded(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved: CharacterSet = {
        var unreserved = CharacterSet(charactersIn: "-._~")
        unreserved.formUnion(CharacterSet(charactersIn: "a"..."z"))
        unreserved.formUnion(CharacterSet(charactersIn: "A"..."Z"))
        unreserved.formUnion(CharacterSet(charactersIn: "0"..."9"))
        return unreserved
    }()

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
