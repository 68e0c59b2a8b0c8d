import Foundation

/// The catalogs `deepcut` can sweep. Raw values are the config's `catalog.provider` strings.
package enum ProviderKind: String, Sendable, Hashable, CaseIterable {
    case itunes
    case appleMusic = "apple-music"
    case musicbrainz

    package var defaultBaseURL: URL {
        switch self {
        case .itunes: URL(string: "https://itunes.apple.com")!
        case .appleMusic: URL(string: "https://api.music.apple.com")!
        case .musicbrainz: URL(string: "https://musicbrainz.org")!
        }
    }

    /// The catalogs' published or observed limits.
    package var defaultRequestsPerMinute: Int {
        switch self {
        case .itunes: 20
        case .appleMusic: 300
        case .musicbrainz: 60
        }
    }
}
