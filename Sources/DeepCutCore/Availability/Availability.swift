import Foundation

/// Where one feed entry can be heard, as every output tells it: the store listings (iTunes, Apple
/// Music) by storefront, the MusicBrainz listing, and the two flags people act on.
///
/// - "region-locked": the store sources that answered for the artist list the release in some
///   storefronts and not in others. A storefront whose source did not answer is never counted as
///   "not listed": an outage is not a region lock.
/// - "not in MusicBrainz yet": MusicBrainz is configured and answered for the artist, a store lists
///   the release, MusicBrainz does not. `harmonyURL` then seeds it (Harmony's release lookup).
package struct Availability: Sendable, Hashable {
    /// Store listings, sorted by storefront then source key.
    package var stores: [SourceListing]
    /// The MusicBrainz listing, when MusicBrainz lists the release.
    package var musicBrainz: SourceListing?
    /// Storefronts (lower case) asked and answering that do not list the release; non-empty only when
    /// another storefront does (`isRegionLocked`).
    package var missingStorefronts: [String]
    package var isNotInMusicBrainz: Bool

    /// Harmony's lookup, which merges the stores' data and seeds a MusicBrainz release from it.
    /// Its `/release` route takes `url` once per store page and `region` per storefront (kellnerd/harmony
    /// server/state.ts, `extractReleaseLookupState`: `searchParams.getAll('url')`, `getAll('region')`).
    package static let harmonyLookup = "https://harmony.pulsewidth.org.uk/release"

    /// - Parameter answered: the sources that gave a definite answer for the entry's artist in this run
    ///   (`SourceAnswers.answered(for:)`).
    package init(_ listings: [SourceListing], answered: [CatalogSource]) {
        stores = listings.filter { !Self.isMusicBrainz($0.provider) }.sorted {
            ($0.storefront ?? "", $0.source) < ($1.storefront ?? "", $1.source)
        }
        musicBrainz = listings.first { Self.isMusicBrainz($0.provider) }
        let listed = Set(stores.compactMap(\.storefront))
        let asked = Set(answered.filter { !$0.isMusicBrainz }.compactMap(\.storefront))
        missingStorefronts = listed.isEmpty ? [] : asked.subtracting(listed).sorted()
        isNotInMusicBrainz = !stores.isEmpty && musicBrainz == nil && answered.contains(where: \.isMusicBrainz)
    }

    /// The entry's availability as the run's answers tell it.
    package init(_ entry: FeedEntry, answers: SourceAnswers) {
        self.init(entry.availability, answered: answers.answered(for: entry))
    }

    /// Nothing to tell: an entry from a config with one catalog.
    package var isEmpty: Bool { stores.isEmpty && musicBrainz == nil }

    package var isRegionLocked: Bool { !missingStorefronts.isEmpty }

    /// Storefronts listing the release, upper case, in order (`US`, `JP`).
    package var storefronts: [String] {
        var seen: Set<String> = []
        return stores.compactMap(\.storefront).filter { seen.insert($0).inserted }.map { $0.uppercased() }
    }

    /// The Harmony link that seeds the release into MusicBrainz: every store page (http(s) only)
    /// and the storefronts that list it; nil unless the release is "not in MusicBrainz yet" with a page.
    package var harmonyURL: String? {
        guard isNotInMusicBrainz else { return nil }
        var seen: Set<String> = []
        let pages = stores.compactMap { Self.webPage($0.url) }.filter { seen.insert($0).inserted }
        guard !pages.isEmpty else { return nil }
        let query = pages.map { "url=" + Self.queryValue($0) } + storefronts.map { "region=" + $0 }
        return Self.harmonyLookup + "?" + query.joined(separator: "&")
    }

    /// "Listed in iTunes US, iTunes JP and MusicBrainz · region-locked (not in GB) · not in MusicBrainz
    /// yet": one line for plain-text outputs; nil when there is nothing to tell.
    package var summary: String? {
        guard !isEmpty else { return nil }
        var names = stores.map(Self.name)
        if musicBrainz != nil { names.append("MusicBrainz") }
        var parts = ["Listed in " + Self.list(names)]
        if isRegionLocked { parts.append("region-locked (not in \(missingStorefronts.map { $0.uppercased() }.joined(separator: ", ")))") }
        if isNotInMusicBrainz { parts.append("not in MusicBrainz yet") }
        return parts.joined(separator: " · ")
    }

    /// A listing as people name it: "iTunes US", "Apple Music GB", "MusicBrainz".
    package static func name(_ listing: SourceListing) -> String {
        let provider =
            switch listing.provider {
            case "itunes": "iTunes"
            case "apple-music": "Apple Music"
            case "musicbrainz": "MusicBrainz"
            default: listing.provider
            }
        return listing.storefront.map { "\(provider) \($0.uppercased())" } ?? provider
    }

    /// "A", "A and B", "A, B and C".
    package static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    private static func isMusicBrainz(_ provider: String) -> Bool { provider == "musicbrainz" }

    /// A query value with everything but RFC 3986's unreserved characters percent-encoded, so a
    /// store URL's own `?`, `&` and `=` stay inside the one parameter.
    static func queryValue(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// An absolute http(s) URL with a host and no spaces or controls: the only pages sent to Harmony.
    static func webPage(_ text: String?) -> String? {
        guard let text, !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }),
            let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", !(components.host ?? "").isEmpty
        else { return nil }
        return text
    }
}
