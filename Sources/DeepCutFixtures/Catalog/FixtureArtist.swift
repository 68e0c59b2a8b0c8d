import DeepCutCore

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

/// One release as the fixture catalog lists it; the server renders it in each API's format.
package struct FixtureRelease: Sendable, Hashable, Codable {
    /// The iTunes collectionId as numeric text.
    package var id: String
    /// The plain title; the iTunes route appends " - Single" / " - EP" as iTunes does.
    package var title: String
    package var type: RecordingType
    package var releaseDate: ReleaseDate
    /// true → "explicit", false → "cleaned" (the clean twin of an explicit edition), nil → "notExplicit".
    package var explicit: Bool?
    /// The credited artist when it differs from the listing artist (collaborations appear in an artist's lookup).
    package var artistName: String?
    /// The credited artist's id, paired with `artistName`.
    package var artistID: String?
    /// The tracks `lookup?entity=song` lists; nil lists generated ones (`ITunesRoute.tracks(of:)`).
    package var tracks: [TrackListing]?
    /// What the catalogs say besides the title, each in its own way: MusicBrainz `secondary-types`,
    /// Apple Music's `live-albums` and `appears-on-albums` views (an appearance is left out of the
    /// artist's albums), a `Soundtrack` genre on iTunes and Apple Music. iTunes knows live, remix and
    /// demo only by the title, which the fixture gives as the catalog would ("Live at Rome").
    package var secondaryTypes: [SecondaryType]?
    /// The MusicBrainz status of every release in the release group; nil is official. A group of
    /// bootlegs, promotions or pseudo-releases only is hidden by `release-group-status=website-default`.
    package var musicBrainzStatus: MusicBrainzStatus?

    package init(
        id: String, title: String, type: RecordingType, releaseDate: ReleaseDate, explicit: Bool? = nil,
        artistName: String? = nil, artistID: String? = nil, tracks: [TrackListing]? = nil,
        secondaryTypes: [SecondaryType]? = nil
    ) {
        self.id = id
        self.title = title
        self.type = type
        self.releaseDate = releaseDate
        self.explicit = explicit
        self.artistName = artistName
        self.artistID = artistID
        self.tracks = tracks
        self.secondaryTypes = secondaryTypes
    }

    package func isA(_ type: SecondaryType) -> Bool {
        secondaryTypes?.contains(type) ?? false
    }
}

extension FixtureRelease {
    /// MusicBrainz's release statuses.
    package enum MusicBrainzStatus: String, Sendable, Hashable, Codable {
        case official
        case promotion
        case bootleg
        case pseudoRelease = "pseudo-release"
    }
}
