import Foundation

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
}
