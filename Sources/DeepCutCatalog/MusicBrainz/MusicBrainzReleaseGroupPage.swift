/// One page of a release-group browse, `GET /ws/2/release-group?artist=MBID&limit=100&offset=N&fmt=json`:
/// `{"release-group-count", "release-group-offset", "release-groups": [...]}`, not in date order.
struct MusicBrainzReleaseGroupPage: Decodable, Sendable {
    struct ReleaseGroup: Decodable, Sendable {
        var id: String
        var title: String
        /// `Album`, `EP`, `Single`, `Broadcast`, `Other`, or null.
        var primaryType: String?
        /// `Compilation`, `Live`, `Remix`, `Soundtrack`, …
        var secondaryTypes: [String]?
        /// `2019-06-14`, `2019-06`, `2019`, or `""` when unknown.
        var firstReleaseDate: String?

        private enum CodingKeys: String, CodingKey {
            case id, title
            case primaryType = "primary-type"
            case secondaryTypes = "secondary-types"
            case firstReleaseDate = "first-release-date"
        }
    }

    /// How many release groups the artist has in all: paging ends when the offset reaches it.
    var releaseGroupCount: Int
    var releaseGroups: [ReleaseGroup]

    private enum CodingKeys: String, CodingKey {
        case releaseGroupCount = "release-group-count"
        case releaseGroups = "release-groups"
    }
}
