import DeepCutCore

/// A music catalog the sweep can ask about artists (iTunes, Apple Music, MusicBrainz).
///
/// Two steps on purpose: finding an artist is separate from fetching releases, so the sweep can
/// cache resolved ids (they rarely change) and spend requests only on the releases. Providers only
/// speak their API: choosing among search hits (exact name, namesakes, owned albums) is the sweep's
/// `ArtistResolver`, the same for every catalog.
/// Every call returns a typed outcome, never throws: an error cannot be mistaken for an empty answer.
package protocol CatalogProvider: Sendable {
    /// The snapshot's and health report's `provider` value, e.g. `itunes`.
    var name: String { get }

    /// Every artist the catalog's search returns for a library artist name, in the catalog's order.
    /// An empty success is a definite "no such artist".
    func searchArtists(named name: String) async -> Result<[CatalogArtist], FetchFailure>

    /// Every release the catalog lists for an artist. An empty success means the catalog answered
    /// and lists nothing.
    /// - Parameters:
    ///   - id: an id `searchArtists` found (or a cached or pinned one).
    ///   - name: the artist's name, credited on releases whose rows do not name one.
    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure>

    /// The most artists one `releases(ofEach:)` call asks the catalog about in a single request;
    /// 1 when the API has no batch form (the default).
    var releaseBatchLimit: Int { get }

    /// The releases of several artists, keyed by artist id, fetched in as few requests as the API
    /// allows without ever losing a release to batching. The default asks one artist at a time.
    func releases(ofEach artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>]

    /// `releases(ofEach:)` with what each answer covers; the default calls every listing complete,
    /// right for catalogs that page to the end (Apple Music, MusicBrainz).
    func listings(ofEach artists: [CatalogArtist]) async -> [String: Result<ArtistListing, FetchFailure>]

    /// The tracks of one release, for `TrackEvidence`; nil when this catalog cannot list them
    /// (the default), so the title rules decide alone.
    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>?
}

extension CatalogProvider {
    var releaseBatchLimit: Int { 1 }

    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>? { nil }

    func releases(ofEach artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>] {
        await releasesOneByOne(artists)
    }

    func listings(ofEach artists: [CatalogArtist]) async -> [String: Result<ArtistListing, FetchFailure>] {
        await releases(ofEach: artists).mapValues { $0.map { ArtistListing(releases: $0) } }
    }

    /// One `releases(ofArtistID:named:)` call per artist, in order: the unbatched form, and the
    /// fallback a batching provider uses for artists a batch could not answer for.
    func releasesOneByOne(_ artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>] {
        var results: [String: Result<[Release], FetchFailure>] = [:]
        for artist in artists {
            results[artist.id] = await releases(ofArtistID: artist.id, named: artist.name)
        }
        return results
    }
}

/// An artist's releases as one answer lists them, and how much of the listing that answer covers.
package struct ArtistListing: Sendable, Hashable {
    package var releases: [Release]
    package var coverage: ListingCoverage = .complete
}

extension Result where Success == ArtistListing, Failure == FetchFailure {
    /// The releases alone, for callers that need no coverage.
    package var releases: Result<[Release], FetchFailure> { map(\.releases) }
}

extension Array {
    /// Consecutive slices of at most `size` elements (at least 1), in order.
    func chunked(into size: Int) -> [[Element]] {
        let size = Swift.max(1, size)
        return stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}

extension Array where Element == Release {
    /// The releases with repeated ids removed, first occurrence kept: catalogs can list one album twice
    /// (across pages, or twice on one page), and a repeat must not become two feed entries.
    func uniquedByID() -> [Release] {
        var seen: Set<String> = []
        return filter { seen.insert($0.id).inserted }
    }
}
