import DeepCutCore

/// One release as the fixture catalog lists it; the server renders it in each API's format.
public struct FixtureRelease: Sendable, Hashable, Codable {
    /// The iTunes collectionId as numeric text.
    public var id: String
    /// The plain title; the iTunes route appends " - Single" / " - EP" as iTunes does.
    public var title: String
    public var type: RecordingType
    public var releaseDate: ReleaseDate
    /// true → "explicit", false → "cleaned" (the clean twin of an explicit edition), nil → "notExplicit".
    public var explicit: Bool?
    /// The credited artist when it differs from the listing artist (collaborations appear in an artist's lookup).
    public var artistName: String?
    /// The credited artist's id, paired with `artistName`.
    public var artistID: String?
    /// The tracks `lookup?entity=song` lists; nil lists generated ones (`ITunesRoute.tracks(of:)`).
    public var tracks: [TrackListing]?

    public init(id: String, title: String, type: RecordingType, releaseDate: ReleaseDate, explicit: Bool? = nil,
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
