import DeepCutCore
import Foundation

/// One page of a release browse, `GET /ws/2/release?artist=MBID&inc=release-groups+url-rels+artist-credits`:
/// `{"release-count", "release-offset", "releases": [{"id", "barcode", "status", "release-group": {…},
/// "relations": [{"target-type": "url", "url": {"resource"}}], "artist-credit": […]}]}`.
///
/// The release-group browse has no barcodes and no url-relationships (MusicBrainz links Apple album
/// pages from releases), so where that evidence is wanted the releases are browsed instead, and
/// folded back into their release groups.
struct MusicBrainzReleasePage: Decodable, Sendable {
    struct Entry: Decodable, Sendable {
        var id: String
        /// `barcode`: digits, `""` (the release has none) or null (unknown); a malformed one reads as none.
        var barcode: BarcodeField?
        /// `2019-06-14`, partial, or absent.
        var date: String?
        var releaseGroup: MusicBrainzReleaseGroupPage.ReleaseGroup?
        var relations: [Relation]?
        var artistCredit: [MusicBrainzReleaseGroupPage.Credit]?

        private enum CodingKeys: String, CodingKey {
            case id, barcode, date, relations
            case releaseGroup = "release-group"
            case artistCredit = "artist-credit"
        }

        /// The date for ordering editions: an unknown (absent or empty) date sorts last.
        var knownDate: String {
            guard let date, !date.isEmpty else { return "9999" }
            return date
        }

        /// The Apple album ids this release's url-relationships link.
        var appleAlbumIDs: [String] {
            (relations ?? []).compactMap { $0.url.flatMap { AppleAlbumURL.albumID($0.resource) } }
        }
    }

    /// A relationship; only url targets are read.
    struct Relation: Decodable, Sendable {
        struct Target: Decodable, Sendable {
            var resource: String
        }

        var url: Target?
    }

    /// How many releases the artist has in all: paging ends when the offset reaches it.
    var releaseCount: Int
    var releases: [Entry]

    private enum CodingKeys: String, CodingKey {
        case releaseCount = "release-count"
        case releases
    }
}

extension MusicBrainzReleasePage {
    /// Browsed releases folded into their release groups, in the order each group first appears, as a
    /// release-group browse maps them (`MusicBrainzReleaseGroupPage.releases(creditedTo:artistID:)`),
    /// each with its evidence: the Apple album ids any of its releases links, and one barcode: that of
    /// a release linking an Apple album if one has a barcode (the digital edition Apple sells), else of
    /// the earliest release that has one.
    static func releaseGroups(of entries: [Entry], creditedTo artistName: String, artistID: String?) -> [Release] {
        var order: [String] = []
        var byGroup: [String: (group: MusicBrainzReleaseGroupPage.ReleaseGroup, entries: [Entry])] = [:]
        for entry in entries {
            guard var group = entry.releaseGroup else { continue }
            if byGroup[group.id] == nil {
                // A release's credit stands in for its group's when the group came without one.
                if group.artistCredit == nil { group.artistCredit = entry.artistCredit }
                order.append(group.id)
                byGroup[group.id] = (group, [])
            }
            byGroup[group.id]?.entries.append(entry)
        }
        let page = MusicBrainzReleaseGroupPage(
            releaseGroupCount: order.count, releaseGroups: order.compactMap { byGroup[$0]?.group })
        return page.releases(creditedTo: artistName, artistID: artistID).map { release in
            let entries = byGroup[release.id]?.entries ?? []
            var release = release
            release.barcode = barcode(of: entries)
            var seen: Set<String> = []
            release.links = entries.flatMap(\.appleAlbumIDs).filter { seen.insert($0).inserted }.map { ReleaseLink(.apple, $0) }
            return release
        }
    }

    private static func barcode(of entries: [Entry]) -> String? {
        if let linked = entries.first(where: { !$0.appleAlbumIDs.isEmpty && $0.barcode?.value != nil }) {
            return linked.barcode?.value
        }
        let dated = entries.filter { $0.barcode?.value != nil }.sorted { ($0.knownDate, $0.id) < ($1.knownDate, $1.id) }
        return dated.first?.barcode?.value
    }
}
