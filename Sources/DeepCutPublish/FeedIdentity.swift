import DeepCutCore
import Foundation

/// Names and ids shared by the JSON Feed, the Atom feed and the page. Entry ids are tag URIs
/// (RFC 4151) built from the install, the provider and the catalog's release id, so a reader that
/// has seen an entry recognises it in every later run, whatever else changed about it, and two
/// installs' feeds never share an id in one reader (`tag:deepcut.atlas,2026:INSTALL/itunes/2000022`).
/// An install without an id (one that published feeds before ids carried it) keeps the shared
/// legacy form `tag:deepcut.atlas,2026:itunes/2000022`, so no reader sees its entries again as new.
package enum FeedIdentity {
    static let title = "Deep Cut Atlas"
    static let author = "Deep Cut Atlas"
    static let generator = "deepcut"
    private static let tagPrefix = "tag:deepcut.atlas,2026:"

    /// - Parameter install: the install's id from the state database; nil or empty for the legacy form.
    static func feedID(install: String? = nil) -> String {
        prefix(install) + "feed"
    }

    static func entryID(provider: String, releaseID: String, install: String? = nil) -> String {
        prefix(install) + percentEncoded(provider) + "/" + percentEncoded(releaseID)
    }

    /// The id of an upcoming release's announcement: distinct from its release entry, so a reader
    /// shows it once when announced and once more on release day — never again.
    static func announcementID(provider: String, releaseID: String, install: String? = nil) -> String {
        entryID(provider: provider, releaseID: releaseID, install: install) + "/upcoming"
    }

    /// The catalog release id inside an entry or announcement id of this provider
    /// (`tag:…:INSTALL/itunes/2000022`, `…/2000022/upcoming`, or the legacy `tag:…:itunes/2000022`),
    /// as a reader shows it; nil for anything else.
    package static func releaseID(fromEntryID id: String, provider: String) -> String? {
        guard id.hasPrefix(tagPrefix) else { return nil }
        var rest = String(id.dropFirst(tagPrefix.count))
        let providerSegment = percentEncoded(provider) + "/"
        if !rest.hasPrefix(providerSegment), let slash = rest.firstIndex(of: "/") {
            rest = String(rest[rest.index(after: slash)...])  // the install's segment
        }
        guard rest.hasPrefix(providerSegment) else { return nil }
        rest = String(rest.dropFirst(providerSegment.count))
        if rest.hasSuffix("/upcoming") { rest = String(rest.dropLast("/upcoming".count)) }
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        return rest.removingPercentEncoding
    }

    private static func prefix(_ install: String?) -> String {
        guard let install, !install.isEmpty else { return tagPrefix }
        return tagPrefix + percentEncoded(install) + "/"
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
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

/// The published files' absolute addresses, from `publish.baseURL`: the JSON Feed's `home_page_url`
/// and `feed_url`, the Atom feed's self and alternate links. Feed readers use them to follow a feed
/// that was shared or moved; without a base URL the feeds simply omit them.
struct FeedLinks: Sendable, Hashable {
    /// The folder's address with a trailing slash; `index.html` is served there.
    let home: String

    /// - Returns: nil without a base URL, or when it is not an http(s) URL (only those are ever emitted).
    init?(baseURL: URL?) {
        guard let base = WebLink.http(baseURL?.absoluteString) else { return nil }
        home = base.hasSuffix("/") ? base : base + "/"
    }

    var jsonFeed: String { home + "feed.json" }
    var atomFeed: String { home + "feed.atom" }
    var calendar: String { home + "upcoming.ics" }
    /// The calendar as calendar apps subscribe to it: `webcal://` (the de facto scheme, which Apple
    /// Calendar, Outlook and Google hand to their subscribe dialog, fetching it over http(s)) with
    /// the rest of the https (or http) address.
    var calendarSubscription: String {
        "webcal" + calendar.drop(while: { $0 != ":" })
    }
}

/// The one-line description of a snapshot that heads every rendering. A partial snapshot says
/// so, because "no new releases" must never be read as "all caught up" when artists did not answer.
enum FeedSummary {
    /// - Parameter shown: how many entries the feed holds; fewer than the snapshot's says so.
    static func line(_ snapshot: Snapshot, shown: Int? = nil) -> String {
        let releases = snapshot.entries.count == 1 ? "1 new release" : "\(snapshot.entries.count) new releases"
        var line = "\(releases) by artists in your library (\(snapshot.provider), \(Timestamp.string(snapshot.generatedAt)))."
        if let shown, shown < snapshot.entries.count {
            line += " \(shownLine(snapshot, shown: shown))."
        }
        if !snapshot.complete {
            let missing = snapshot.incompleteArtists.count
            line += " Partial: \(missing) \(missing == 1 ? "artist" : "artists") did not answer, so releases may be missing."
        }
        return line
    }

    /// "Showing the newest 500 of 10056; all are in latest.json" (`current.json` for a partial
    /// snapshot, which never becomes `latest.json`).
    static func shownLine(_ snapshot: Snapshot, shown: Int) -> String {
        let file = snapshot.complete ? "latest.json" : "current.json"
        return "Showing the newest \(shown) of \(snapshot.entries.count); all are in \(file)"
    }
}
