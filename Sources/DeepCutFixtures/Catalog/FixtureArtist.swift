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
    /// The storefronts (lower-case codes) whose store knows the artist; nil: every storefront. Elsewhere
    /// the stores answer as for an unknown artist (absent from searches and lookups, 404 on Apple Music).
    package var storefronts: [String]?
    /// False keeps the artist out of MusicBrainz (absent from searches, 404 on browses); nil or true: in it.
    package var inMusicBrainz: Bool?

    package init(
        id: String, name: String, genre: String? = nil, releases: [FixtureRelease] = [], fault: Fault? = nil,
        storefronts: [String]? = nil, inMusicBrainz: Bool? = nil
    ) {
        self.id = id
        self.name = name
        self.genre = genre
        self.releases = releases
        self.fault = fault
        self.storefronts = storefronts
        self.inMusicBrainz = inMusicBrainz
    }

    /// True when the store of `storefront` knows the artist.
    func isListed(in storefront: String) -> Bool {
        storefronts?.contains(storefront) ?? true
    }

    var isInMusicBrainz: Bool { inMusicBrainz ?? true }

    /// The releases the store of `storefront` lists, each dated as that storefront dates it.
    func releases(in storefront: String) -> [FixtureRelease] {
        releases.compactMap { $0.asListed(in: storefront) }
    }

    /// The artist as the store of `storefront` knows it: only the releases listed there, dated as there;
    /// nil when that store does not know the artist.
    func localized(to storefront: String) -> FixtureArtist? {
        guard isListed(in: storefront) else { return nil }
        var local = self
        local.releases = releases(in: storefront)
        return local
    }

    /// The releases MusicBrainz knows.
    var musicBrainzReleases: [FixtureRelease] {
        releases.filter(\.isInMusicBrainz)
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
    /// The storefronts (lower-case codes) that list the release; nil: every storefront. A region-locked
    /// release names some; the others simply leave it out, as the real stores do.
    package var storefronts: [String]?
    /// Dates by storefront where one differs from `releaseDate` (a release out earlier in Japan).
    package var storefrontDates: [String: ReleaseDate]?
    /// The UPC/EAN, served as Apple Music's `upc` and as the MusicBrainz release's `barcode` (as given,
    /// malformed or not); nil: neither says one. iTunes never gives barcodes.
    package var barcode: String?
    /// False leaves the release out of MusicBrainz: the stores have it, MusicBrainz not yet. nil or true: in it.
    package var inMusicBrainz: Bool?
    /// The MusicBrainz release's url-relationship to the store's album page, and in which form; nil: none.
    package var musicBrainzAppleLink: AppleLinkForm?
    /// How MusicBrainz's search index holds the group; nil: indexed as the database has it.
    package var musicBrainzSearch: MusicBrainzSearchState?

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

    var isInMusicBrainz: Bool { inMusicBrainz ?? true }

    /// The release as the store of `storefront` lists it (its date there), or nil when that store does not.
    func asListed(in storefront: String) -> FixtureRelease? {
        guard storefronts?.contains(storefront) ?? true else { return nil }
        var listed = self
        if let date = storefrontDates?[storefront] { listed.releaseDate = date }
        return listed
    }

    /// The storefront a MusicBrainz url-relationship names: the first that lists the release, else `us`.
    var linkedStorefront: String {
        storefronts?.first ?? "us"
    }
}

extension FixtureRelease {
    /// How a MusicBrainz release links an Apple album page: both forms occur in MusicBrainz's data.
    package enum AppleLinkForm: String, Sendable, Hashable, Codable {
        /// `https://music.apple.com/<storefront>/album/<id>` (a "streaming" relationship).
        case music
        /// `https://itunes.apple.com/<storefront>/album/id<id>` (a "purchase for download" relationship).
        case itunes
    }

    /// The search index lags the database (minutes, sometimes days): `unindexed` is in the database
    /// (browses list it) but not yet searchable; `uncredited` is searchable but its search answer
    /// comes without an `artist-credit`, a shape a client must not take as an answer.
    package enum MusicBrainzSearchState: String, Sendable, Hashable, Codable {
        case unindexed
        case uncredited
    }

    /// MusicBrainz's release statuses.
    package enum MusicBrainzStatus: String, Sendable, Hashable, Codable {
        case official
        case promotion
        case bootleg
        case pseudoRelease = "pseudo-release"
    }
}
