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
        /// Present when the browse asks `inc=artist-credits`: who the group is credited to, in order.
        var artistCredit: [Credit]?

        private enum CodingKeys: String, CodingKey {
            case id, title
            case primaryType = "primary-type"
            case secondaryTypes = "secondary-types"
            case firstReleaseDate = "first-release-date"
            case artistCredit = "artist-credit"
        }
    }

    /// One name of an artist credit: `{"name": "Black Mesa", "joinphrase": " & ", "artist": {"id", "name"}}`.
    struct Credit: Decodable, Sendable {
        struct Artist: Decodable, Sendable {
            var id: String
        }

        var name: String
        var joinphrase: String?
        var artist: Artist?
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
    ///
    /// A group the artist owns (the credit's first artist is `artistID`, or the credit names the
    /// artist other than as featured, as in "Black Mesa & Glassjaw") is credited to the resolved
    /// artist, as the browse always did; any other group is an appearance, credited as MusicBrainz
    /// credits it. A group without a credit (a browse without `inc=artist-credits`) is the artist's.
    func releases(creditedTo artistName: String, artistID: String? = nil) -> [Release] {
        releaseGroups.compactMap { group in
            let secondary = group.secondaryTypes ?? []
            guard let type = Self.type(primary: group.primaryType, secondary: secondary) else { return nil }
            let credit = group.artistCredit.map(Self.creditText)
            let owned = group.artistCredit.map { Self.isOwn($0, artistID: artistID, artistName: artistName) } ?? true
            return Release(
                id: group.id, title: group.title, artist: owned ? artistName : credit ?? artistName, type: type,
                releaseDate: group.firstReleaseDate.flatMap { ReleaseDate(iso: $0) },
                url: "https://musicbrainz.org/release-group/\(group.id)",
                secondaryTypes: Self.secondaryTypes(secondary) + (owned ? [] : [.appearance]))
        }
    }

    /// The credit as it reads: each name followed by its join phrase.
    static func creditText(_ credit: [Credit]) -> String {
        credit.map { $0.name + ($0.joinphrase ?? "") }.joined().trimmingCharacters(in: .whitespaces)
    }

    static func isOwn(_ credit: [Credit], artistID: String?, artistName: String) -> Bool {
        if let artistID, credit.first?.artist?.id == artistID { return true }
        return ArtistName.credit(creditText(credit), includes: artistName)
    }

    /// MusicBrainz's secondary types the feed tells apart. `DJ-mix` is a remix (a mix of other
    /// tracks), `Mixtape/Street` a demo (unofficial, pre-release material); Compilation is the
    /// primary `compilation`; Spokenword, Interview, Audiobook and Field recording have no feed
    /// type and leave the release as its primary type says.
    static func secondaryTypes(_ names: [String]) -> [SecondaryType] {
        names.compactMap { name in
            switch name {
            case "Live": return .live
            case "Remix", "DJ-mix": return .remix
            case "Soundtrack": return .soundtrack
            case "Demo", "Mixtape/Street": return .demo
            default: return nil
            }
        }
    }

    /// A `Compilation` secondary type makes a compilation whatever the primary type; otherwise the primary
    /// type decides. Other secondary types (Live, Remix, Soundtrack, …) keep the primary type: a live album
    /// is still an album, with `live` among its secondary types.
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
