import DeepCutCore
import DeepCutHTTP
import Foundation

/// One page of an artist's albums, `GET /v1/catalog/{storefront}/artists/{id}/albums`:
/// `{"next": "/v1/…?offset=25", "data": [{"id", "type": "albums", "attributes": {…}}]}`; a view's
/// page (`artists/{id}/view/live-albums`) has the same `data` and `next`, and its own `attributes`.
///
/// Fields the feed needs are typed strictly (a wrong type fails the page); everything the mapping can
/// do without is optional, since Apple omits keys freely (`contentRating`, `url` on library albums).
struct AppleMusicAlbumPage: Decodable, Sendable {
    struct Album: Decodable, Sendable {
        var id: String
        var attributes: Attributes
    }

    struct Attributes: Decodable, Sendable {
        var name: String
        var artistName: String?
        /// The label the album is released on: `feed.excludeLabels` reads it.
        var recordLabel: String?
        /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
        var releaseDate: String?
        var isCompilation: Bool?
        /// `explicit`, `clean`, or absent.
        var contentRating: String?
        var artwork: Artwork?
        var url: String?
        var trackCount: Int?
        /// `["Soundtrack", "Music"]` marks a soundtrack whose name does not say so.
        var genreNames: [String]?
        /// The album's barcode (`858275058666`), merge evidence; a malformed one is ignored (`Barcode`).
        var upc: BarcodeField?
    }

    struct Artwork: Decodable, Sendable {
        /// A template: `…/{w}x{h}bb.jpg`.
        var url: String
    }

    var data: [Album]
    /// The next page as a path relative to the API root; absent on the last page.
    var next: String?
}

extension AppleMusicAlbumPage {
    /// The side of the square artwork the feed shows, in pixels.
    static let artworkSize = 600

    /// The page's albums as releases, in the catalog's order (repeats are removed across pages by the provider).
    /// - Parameter artistName: credited when an album names no artist.
    func releases(creditedTo artistName: String) -> [Release] {
        data.map { album in
            let attributes = album.attributes
            let (title, type) = Self.titleAndType(name: attributes.name, isCompilation: attributes.isCompilation ?? false)
            var release = Release(
                id: album.id, title: title, artist: attributes.artistName ?? artistName, type: type,
                releaseDate: attributes.releaseDate.flatMap { ReleaseDate(iso: $0) },
                artworkURL: attributes.artwork.map { Self.artworkURL($0.url) }, url: attributes.url,
                isExplicit: attributes.contentRating == "explicit", trackCount: attributes.trackCount,
                secondaryTypes: ReleaseNaming.secondaryTypes(title: attributes.name, genres: attributes.genreNames ?? []),
                genre: attributes.genreNames?.first { $0 != "Music" }, barcode: attributes.upc?.value)
            // Every genre and the label, for `feed.excludeGenres` and `feed.excludeLabels`.
            release.genres = attributes.genreNames.flatMap { $0.count > 1 ? $0 : nil }
            release.label = attributes.recordLabel
            return release
        }
    }

    /// Singles and EPs are known by the name suffix (" - Single", " - EP"), which is stripped: `isSingle`
    /// is unreliable (EPs say false, so do some singles). Otherwise `isCompilation` decides.
    static func titleAndType(name: String, isCompilation: Bool) -> (String, RecordingType) {
        for (suffix, type) in [(" - Single", RecordingType.single), (" - EP", .ep)] where name.hasSuffix(suffix) {
            return (String(name.dropLast(suffix.count)), type)
        }
        return (name, isCompilation ? .compilation : .album)
    }

    /// Fills the artwork template: `{w}`/`{h}` with the feed's size, and the crop and format
    /// placeholders some templates carry (`{c}`, `{f}`) with Apple's defaults.
    static func artworkURL(_ template: String) -> String {
        let size = String(artworkSize)
        return template.replacingOccurrences(of: "{w}", with: size).replacingOccurrences(of: "{h}", with: size)
            .replacingOccurrences(of: "{c}", with: "bb").replacingOccurrences(of: "{f}", with: "jpg")
    }
}

/// `GET /v1/catalog/{storefront}/artists?ids=…&include=albums`: the artists, each with the first page
/// of its albums as the `albums` relationship (`{"href", "next", "data"}`, an album page's shape).
struct AppleMusicArtistsBody: Decodable, Sendable {
    struct Artist: Decodable, Sendable {
        var id: String
        var relationships: Relationships?
    }

    struct Relationships: Decodable, Sendable {
        var albums: AppleMusicAlbumPage?
    }

    var data: [Artist]
}

/// A catalog search answer, `GET /v1/catalog/{storefront}/search?types=artists`:
/// `{"results": {"artists": {"href", "next"?, "data": [...]}}, "meta": …}`.
/// Without a hit Apple omits `artists` (`"results": {}`), which is a definite "no such artist".
struct AppleMusicSearchBody: Decodable, Sendable {
    struct Results: Decodable, Sendable {
        var artists: ArtistList?
    }

    struct ArtistList: Decodable, Sendable {
        var data: [Artist]
    }

    struct Artist: Decodable, Sendable {
        var id: String
        var attributes: Attributes
    }

    struct Attributes: Decodable, Sendable {
        var name: String
    }

    var results: Results

    /// The artist hits in the catalog's order.
    var artists: [CatalogArtist] {
        (results.artists?.data ?? []).map { CatalogArtist(id: $0.id, name: $0.attributes.name) }
    }
}

/// Apple Music's error answer: `{"errors": [{"id", "title", "detail", "status", "code"}]}`.
struct AppleMusicErrorBody: Decodable, Sendable {
    struct Entry: Decodable, Sendable {
        var title: String?
        var detail: String?
        var status: String?
        var code: String?
    }

    var errors: [Entry]

    /// The first error as one line, `Unauthenticated (40100): Invalid authentication`; nil when the body
    /// is not an error object or says nothing.
    static func summary(_ body: Data) -> String? {
        let errors: [Entry]
        do {
            errors = try JSONBody.decode(AppleMusicErrorBody.self, from: body).errors
        } catch {
            return nil  // Not an error object (an empty 401, an HTML page): the status alone explains it.
        }
        guard let entry = errors.first else { return nil }
        var text = [entry.title, entry.code.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        if let detail = entry.detail, detail != entry.title {
            text += text.isEmpty ? detail : ": " + detail
        }
        return text.isEmpty ? nil : text
    }
}

/// One page of an album's `tracks` relationship: songs (and music videos) with their attributes.
struct AppleMusicTrackPage: Decodable, Sendable {
    struct Track: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var name: String?
            var durationInMillis: Int?
        }

        var type: String
        var attributes: Attributes?
    }

    var next: String?
    var data: [Track]
}
