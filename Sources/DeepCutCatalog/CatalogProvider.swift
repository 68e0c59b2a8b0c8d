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
