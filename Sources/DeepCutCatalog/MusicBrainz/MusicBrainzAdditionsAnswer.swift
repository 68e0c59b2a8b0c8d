import DeepCutCore
import DeepCutHTTP
import Foundation

/// One page of a release-group search, `GET /ws/2/release-group?query=…&fmt=json`
/// (https://musicbrainz.org/doc/MusicBrainz_API/Search): `{"created", "count", "offset",
/// "release-groups": [{"id", "score", "title", "primary-type", "secondary-types",
/// "first-release-date", "artist-credit": […], "releases": [{"id", "title", "status"}]}]}`,
/// best score first.
struct MusicBrainzAdditionsPage: Decodable, Sendable {
    struct Group: Decodable, Sendable {
        var group: MusicBrainzReleaseGroupPage.ReleaseGroup
        /// The group's releases with their status; absent when the index holds none.
        var releases: [Release]?

        struct Release: Decodable, Sendable {
            var status: String?
        }

        private enum CodingKeys: String, CodingKey {
            case releases
        }

        init(from decoder: any Decoder) throws {
            group = try MusicBrainzReleaseGroupPage.ReleaseGroup(from: decoder)
            releases = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([Release].self, forKey: .releases)
        }

        /// What `release-group-status=website-default` shows (MBS-12047): a group with a release
        /// that is not a bootleg, promotion or pseudo-release (a release without a status counts).
        var isShownOnTheWebsite: Bool {
            guard let releases, !releases.isEmpty else { return true }
            return releases.contains { !["Bootleg", "Promotion", "Pseudo-Release"].contains($0.status ?? "") }
        }
    }

    var count: Int
    var offset: Int
    var groups: [Group]

    private enum CodingKeys: String, CodingKey {
        case count, offset
        case groups = "release-groups"
    }
}

/// The checked answer of one search for what several artists added since a date: every group
/// credited to an asked artist and first released on or after the date. Anything else (a group
/// without a credit naming an asked artist, an undated or older group, a page at another offset)
/// means the search did not answer the question asked, and the answer is refused whole.
struct MusicBrainzAdditionsAnswer: Sendable {
    /// The groups found, by asked artist id; a group credited to two asked artists is under both.
    private(set) var groups: [String: [MusicBrainzReleaseGroupPage.ReleaseGroup]] = [:]

    init() {}

    /// Checks one page against the question asked and adds its groups.
    mutating func add(_ page: MusicBrainzAdditionsPage, asked: Set<String>, since: ReleaseDate) throws(BodyDecodingError) {
        let earliest = since.description
        for found in page.groups {
            let group = found.group
            let credited = Set((group.artistCredit ?? []).compactMap { $0.artist?.id }).intersection(asked)
            guard !credited.isEmpty else {
                throw BodyDecodingError("release group \(group.id) names no asked artist in its artist-credit")
            }
            // A date is compared at its own precision: `2026` is not before `2026-03-01`.
            guard let date = group.firstReleaseDate, !date.isEmpty, date >= String(earliest.prefix(date.count)) else {
                throw BodyDecodingError("release group \(group.id) was first released before \(earliest) or undated")
            }
            guard found.isShownOnTheWebsite else { continue }
            for artist in credited { groups[artist, default: []].append(group) }
        }
    }

    mutating func merge(_ other: MusicBrainzAdditionsAnswer) {
        groups.merge(other.groups) { $0 + $1 }
    }

    /// The artist's groups as releases, as a browse maps them.
    func releases(of artist: CatalogArtist) -> [Release] {
        let page = MusicBrainzReleaseGroupPage(releaseGroupCount: 0, releaseGroups: groups[artist.id] ?? [])
        return page.releases(creditedTo: artist.name, artistID: artist.id).uniquedByID()
    }
}
