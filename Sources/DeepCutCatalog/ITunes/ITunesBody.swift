import DeepCutCore
import DeepCutHTTP
import Foundation

/// The envelope every iTunes Search API answer shares: `{"resultCount": n, "results": [...]}`.
///
/// Rows are heterogeneous (artist, collection and track wrappers), so every field but
/// `wrapperType` is optional here and checked where a row is used. Types are strict: a field of
/// the wrong type fails the body rather than being skipped.
struct ITunesBody: Decodable, Sendable {
    struct Row: Decodable, Sendable {
        var wrapperType: String
        var artistId: Int?
        var artistName: String?
        var collectionId: Int?
        var collectionName: String?
        var collectionType: String?
        var collectionExplicitness: String?
        var releaseDate: String?
        var artworkUrl100: String?
        var collectionViewUrl: String?
        /// `Soundtrack` marks a soundtrack whose name does not say so.
        var primaryGenreName: String?
        /// The storefront's country (`USA`) and currency (`USD`): what `deepcut probe` reports.
        var country: String?
        var currency: String?
    }

    var results: [Row]

    /// Decodes an answer body. iTunes sends `text/javascript` with leading blank lines, which is
    /// still JSON (leading whitespace is allowed), so nothing is stripped or sniffed.
    static func decode(_ body: Data) throws(BodyDecodingError) -> ITunesBody {
        try JSONBody.decode(ITunesBody.self, from: body)
    }
}

extension ITunesBody {
    /// The artist rows of a `search?entity=musicArtist` answer, in the catalog's order.
    func artists() throws(BodyDecodingError) -> [CatalogArtist] {
        var artists: [CatalogArtist] = []
        for (index, row) in results.enumerated() where row.wrapperType == "artist" {
            artists.append(try Self.artist(row, index: index))
        }
        return artists
    }

    static func artist(_ row: Row, index: Int) throws(BodyDecodingError) -> CatalogArtist {
        guard let id = row.artistId else { throw BodyDecodingError("results[\(index)].artistId is missing") }
        guard let name = row.artistName else { throw BodyDecodingError("results[\(index)].artistName is missing") }
        return CatalogArtist(id: String(id), name: name)
    }
}

extension ITunesBody {
    /// Every collection row of an answer as a release; artist (and track) rows are skipped.
    ///
    /// A collection without an id or a name fails the whole body: a release list silently missing
    /// rows is worse than an honest `decoding` failure. A collection whose date does not parse is
    /// kept undated (`releaseDate` nil): the album exists, and the Diff keeps undated releases out
    /// of the window, so one odd row neither invents a date nor costs the artist its other releases.
    /// - Parameter artistName: credited when a row names no artist.
    func releases(creditedTo artistName: String) throws(BodyDecodingError) -> [Release] {
        var releases: [Release] = []
        for (index, row) in results.enumerated() where row.wrapperType == "collection" {
            releases.append(try Self.release(row, index: index, creditedTo: artistName))
        }
        return releases
    }

    /// The releases of an artist's `lookup?id=…&entity=album` answer.
    ///
    /// The lookup also lists collaborations credited to another artist id ("Black Mesa & Glassjaw"
    /// in Glassjaw's lookup): those whose credit includes the artist are the artist's own, the rest
    /// (a compilation the artist merely appears on, a guest spot) are kept as appearances, credited
    /// as the catalog credits them, for `feed.types` to choose. The artist's name is the one its own
    /// wrapper row gives, so a pinned id is matched by the catalog's spelling, not the library's.
    /// An answer without the artist's own row is a failure, never an empty listing: iTunes answers
    /// so for an id it no longer has, and a faulty catalog answers so for everyone.
    func releases(listedUnder artist: CatalogArtist) throws(BodyDecodingError) -> [Release] {
        try listing(of: artist, limit: .max).0.releases
    }

    /// `releases(listedUnder:)` with what the answer covers and its order (see `ITunesListing`).
    /// - Parameter newestKnown: the newest release an earlier answer listed for the artist, which a
    ///   cut answer must hold to count as newest first.
    func listing(
        of artist: CatalogArtist, limit: Int, newestKnown: String? = nil
    ) throws(BodyDecodingError) -> (ArtistListing, ListingOrder) {
        let wrapper = results.first { $0.wrapperType == "artist" && $0.artistId.map(String.init) == artist.id }
        var listing = ITunesListing(artist: CatalogArtist(id: artist.id, name: wrapper?.artistName ?? artist.name))
        for (index, row) in results.enumerated() where row.wrapperType == "collection" {
            try listing.add(row, index: index)
        }
        guard wrapper != nil else { throw BodyDecodingError(Self.notListed(artist.id)) }
        let coverage = listing.coverage(limit: limit, newestKnown: newestKnown)
        return (ArtistListing(releases: listing.releases, coverage: coverage), listing.order)
    }

    /// The failure message of a lookup that no longer lists the artist: the sweep looks for it to
    /// search a vanished id afresh.
    static func notListed(_ id: String) -> String {
        "no artist row for id \(id): the lookup does not list the artist"
    }

    /// True when a collection row belongs in `artist`'s releases: credited to its id, or to a
    /// credit that names it.
    static func isCredited(_ row: Row, to artist: CatalogArtist) -> Bool {
        guard let creditedID = row.artistId, String(creditedID) != artist.id else { return true }
        return row.artistName.map { ArtistName.credit($0, includes: artist.name) } ?? false
    }

    /// A collection row of `artist`'s lookup: its own release, or an appearance on another artist's record.
    static func release(_ row: Row, index: Int, listedUnder artist: CatalogArtist) throws(BodyDecodingError) -> Release {
        var release = try release(row, index: index, creditedTo: artist.name)
        if !isCredited(row, to: artist) { release.secondaryTypes = SecondaryType.normalized(release.secondaryTypes + [.appearance]) }
        return release
    }

    static func release(_ row: Row, index: Int, creditedTo artistName: String) throws(BodyDecodingError) -> Release {
        guard let id = row.collectionId else { throw BodyDecodingError("results[\(index)].collectionId is missing") }
        guard let name = row.collectionName else { throw BodyDecodingError("results[\(index)].collectionName is missing") }
        let (title, type) = titleAndType(collectionName: name, collectionType: row.collectionType)
        return Release(
            id: String(id), title: title, artist: row.artistName ?? artistName, type: type,
            releaseDate: row.releaseDate.flatMap { ReleaseDate(iso: $0) },
            artworkURL: row.artworkUrl100, url: row.collectionViewUrl,
            isExplicit: row.collectionExplicitness == "explicit",
            secondaryTypes: ReleaseNaming.secondaryTypes(title: name, genres: row.primaryGenreName.map { [$0] } ?? []),
            genre: row.primaryGenreName)
    }

    /// iTunes marks singles and EPs only in the name (" - Single", " - EP"); compilations by
    /// `collectionType`, though most compilations just say "Album".
    static func titleAndType(collectionName: String, collectionType: String?) -> (String, RecordingType) {
        for (suffix, type) in [(" - Single", RecordingType.single), (" - EP", .ep)] where collectionName.hasSuffix(suffix) {
            return (String(collectionName.dropLast(suffix.count)), type)
        }
        return (collectionName, collectionType == "Compilation" ? .compilation : .album)
    }
}

/// The rows of an `entity=song` lookup; other fields of the envelope are read by `ITunesBody`.
struct ITunesTrackRows: Decodable, Sendable {
    struct Row: Decodable, Sendable {
        var wrapperType: String
        var kind: String?
        var collectionId: Int?
        var trackCount: Int?
        var trackName: String?
        var trackTimeMillis: Int?
    }

    var results: [Row]

    /// The collection's songs. An answer without the collection row does not describe it: a
    /// decoding failure, never an empty track list.
    func trackList(of id: String) throws(BodyDecodingError) -> TrackList {
        guard let collection = results.first(where: { $0.wrapperType == "collection" && $0.collectionId.map(String.init) == id }) else {
            throw BodyDecodingError("no collection row for \(id)")
        }
        // `trackCount` counts music videos too; only songs are compared.
        let rows = results.filter { $0.wrapperType == "track" }
        let tracks = rows.filter { ($0.kind ?? "song") == "song" }.compactMap { row -> TrackListing? in
            guard let name = row.trackName?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return nil }
            return TrackListing(title: name, seconds: row.trackTimeMillis.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil })
        }
        return TrackList(tracks: tracks, isComplete: collection.trackCount.map { rows.count >= $0 } ?? true)
    }
}
