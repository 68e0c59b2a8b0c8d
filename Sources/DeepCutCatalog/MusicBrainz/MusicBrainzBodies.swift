import DeepCutCore
import DeepCutHTTP
import Foundation

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

extension MusicBrainzReleaseGroupPage {
    /// The page's release groups as releases; groups of no feed type (Broadcast, Other, untyped) are left out.
    /// - Parameter artistName: browse answers carry no artist credit, so the resolved artist is credited.
    func releases(creditedTo artistName: String) -> [Release] {
        releaseGroups.compactMap { group in
            guard let type = Self.type(primary: group.primaryType, secondary: group.secondaryTypes ?? []) else { return nil }
            return Release(
                id: group.id, title: group.title, artist: artistName, type: type,
                releaseDate: group.firstReleaseDate.flatMap { ReleaseDate(iso: $0) },
                url: "https://musicbrainz.org/release-group/\(group.id)")
        }
    }

    /// A `Compilation` secondary type makes a compilation whatever the primary type; otherwise the primary
    /// type decides. Other secondary types (Live, Remix, Soundtrack, …) keep the primary type: a live album
    /// is still an album to the feed, and its title says the rest.
    static func type(primary: String?, secondary: [String]) -> RecordingType? {
        if secondary.contains("Compilation") { return .compilation }
        switch primary {
        case "Album": return .album
        case "EP": return .ep
        case "Single": return .single
        default: return nil
        }
    }
}

/// An artist search answer, `GET /ws/2/artist?query=…&fmt=json`: `{"count", "offset", "artists": [...]}`,
/// best score first. `disambiguation` is absent (not empty) when there is none, so it is not read.
struct MusicBrainzArtistSearchBody: Decodable, Sendable {
    struct Artist: Decodable, Sendable {
        /// The MBID.
        var id: String
        var name: String
    }

    var artists: [Artist]

    var hits: [CatalogArtist] {
        artists.map { CatalogArtist(id: $0.id, name: $0.name) }
    }
}

/// MusicBrainz's error answer: `{"error": "Invalid mbid.", "help": "…"}`.
struct MusicBrainzErrorBody: Decodable, Sendable {
    var error: String

    /// The error line, bounded; nil when the body is not an error object.
    static func summary(_ body: Data) -> String? {
        do {
            let error = try JSONBody.decode(MusicBrainzErrorBody.self, from: body).error
            return error.isEmpty ? nil : String(error.prefix(200))
        } catch {
            return nil  // Not an error object (an empty 503, a proxy's page): the status alone explains it.
        }
    }
}

/// A `release` browse answer with recordings: `{"releases": [{"media": [{"track-count", "tracks": [{"title", "length"}]}]}]}`.
struct MusicBrainzReleaseTracks: Decodable, Sendable {
    struct Release: Decodable, Sendable {
        var media: [Medium]
    }

    struct Medium: Decodable, Sendable {
        var trackCount: Int?
        var tracks: [Track]?

        enum CodingKeys: String, CodingKey {
            case trackCount = "track-count"
            case tracks
        }
    }

    struct Track: Decodable, Sendable {
        var title: String
        /// Milliseconds; null when nobody measured it.
        var length: Int?
    }

    var releases: [Release]

    /// A group with no release yet lists nothing: an incomplete (empty) list, which decides nothing.
    func trackList() throws(BodyDecodingError) -> TrackList {
        guard let release = releases.first else { return TrackList(tracks: [], isComplete: false) }
        let tracks = release.media.flatMap { $0.tracks ?? [] }.map {
            TrackListing(title: $0.title, seconds: $0.length.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil })
        }
        let declared = release.media.reduce(0) { $0 + ($1.trackCount ?? $1.tracks?.count ?? 0) }
        return TrackList(tracks: tracks, isComplete: tracks.count >= declared)
    }
}
