import Foundation

/// The config's `publish` object: how the published files describe themselves to the outside world.
package struct PublishConfig: Sendable, Hashable {
    /// Where the output folder is served (`https://example.org/deepcut/`). When set, the feeds carry
    /// absolute self and home links, which feed readers need to follow a moved or shared feed.
    package var baseURL: URL?

    package init(baseURL: URL? = nil) {
        self.baseURL = baseURL
    }
}
