/// One catalog artist and everything the catalog lists under it.
package struct FixtureArtist: Sendable, Hashable, Codable {
    /// The iTunes artistId as numeric text.
    package var id: String
    package var name: String
    /// The `primaryGenreName` the catalog reports; nil means "Alternative".
    package var genre: String?
    package var releases: [FixtureRelease]
    /// A fault the server injects into requests about this artist from the start.
    package var fault: Fault?

    package init(id: String, name: String, genre: String? = nil, releases: [FixtureRelease] = [], fault: Fault? = nil) {
        self.id = id
        self.name = name
        self.genre = genre
        self.releases = releases
        self.fault = fault
    }
}

extension [FixtureArtist] {
    /// The first release `matches` accepts, with the artist that lists it: the routes that answer
    /// about one release (track lists) find it this way.
    func release(where matches: (FixtureRelease) -> Bool) -> (artist: FixtureArtist, release: FixtureRelease)? {
        for artist in self {
            if let release = artist.releases.first(where: matches) { return (artist, release) }
        }
        return nil
    }
}
