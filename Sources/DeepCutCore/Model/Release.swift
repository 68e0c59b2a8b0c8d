/// One catalog release (album, EP, single or compilation) as a provider reported it.
package struct Release: Sendable, Hashable, Codable {
    /// The catalog's id for this release (iTunes collectionId, Apple Music id, MusicBrainz release-group MBID).
    package var id: String
    package var title: String
    /// The credited artist name as the catalog spells it.
    package var artist: String
    package var type: RecordingType
    /// Live, remix, soundtrack, demo, appearance, where the catalog says so; sorted, usually empty.
    package var secondaryTypes: [SecondaryType]
    /// Nil when the catalog gives no usable date; such releases cannot be placed in the window.
    package var releaseDate: ReleaseDate?
    package var artworkURL: String?
    package var url: String?
    /// True when the catalog marks this edition explicit; used to prefer one twin of an explicit/clean pair.
    package var isExplicit: Bool
    /// Tracks on this edition, when the catalog says; picks the most complete edition of a family.
    package var trackCount: Int?
    /// The catalog's primary genre, when it names one: "Classical" makes matching ask for the
    /// whole performer credit (`ClassicalForm`).
    package var genre: String?
    /// Every genre the catalog names, when it names several (Apple Music `genreNames`); nil otherwise.
    /// `feed.excludeGenres` reads these beside `genre`.
    package var genres: [String]?
    /// The record label, when the catalog names one (Apple Music `recordLabel`): `feed.excludeLabels` reads it.
    package var label: String?
    /// The release's barcode (UPC/EAN digits) when the catalog gives one: Apple Music's `upc`,
    /// MusicBrainz's `barcode`. Evidence for merging one release across sources.
    package var barcode: String?
    /// Ids naming this release in other catalogs, from the catalog's own answer (url-relationships).
    package var links: [ReleaseLink]

    package init(
        id: String, title: String, artist: String, type: RecordingType, releaseDate: ReleaseDate?,
        artworkURL: String? = nil, url: String? = nil, isExplicit: Bool = false, trackCount: Int? = nil,
        secondaryTypes: [SecondaryType] = [], genre: String? = nil, barcode: String? = nil, links: [ReleaseLink] = []
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.type = type
        self.secondaryTypes = SecondaryType.normalized(secondaryTypes)
        self.releaseDate = releaseDate
        self.artworkURL = artworkURL
        self.url = url
        self.isExplicit = isExplicit
        self.trackCount = trackCount
        self.genre = genre
        self.barcode = barcode
        self.links = links
    }
}

/// What kind of release a catalog entry is. Raw values are the SPEC's `type` strings.
package enum RecordingType: String, Codable, Sendable, CaseIterable, Hashable {
    case album
    case ep
    case single
    case compilation
}
