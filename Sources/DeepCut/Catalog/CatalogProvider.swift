import DeepCutCore

/// A music catalog the sweep can ask about artists (iTunes now; Apple Music and MusicBrainz fit the same shape).
///
/// Two steps on purpose: resolving a name to an id is separate from fetching releases, so the sweep
/// can cache resolved ids (they rarely change) and spend requests only on the releases.
/// Both return typed outcomes, never throw: an error cannot be mistaken for an empty answer.
protocol CatalogProvider: Sendable {
    /// The snapshot's and health report's `provider` value, e.g. `itunes`.
    var name: String { get }

    /// Finds the catalog artist for a library artist name.
    func resolveArtist(named name: String) async -> ArtistResolution

    /// Every release the catalog lists for an artist. An empty success means the catalog answered
    /// and lists nothing.
    /// - Parameters:
    ///   - id: the id `resolveArtist` found (or a cached one).
    ///   - name: the artist's name, credited on releases whose rows do not name one.
    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure>
}
