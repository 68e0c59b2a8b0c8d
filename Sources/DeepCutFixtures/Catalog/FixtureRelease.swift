import DeepCutCore

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

    package init(id: String, title: String, type: RecordingType, releaseDate: ReleaseDate, explicit: Bool? = nil,
                artistName: String? = nil, artistID: String? = nil, tracks: [TrackListing]? = nil) {
        self.id = id
        self.title = title
        self.type = type
        self.releaseDate = releaseDate
        self.explicit = explicit
        self.artistName = artistName
        self.artistID = artistID
        self.tracks = tracks
    }
}
