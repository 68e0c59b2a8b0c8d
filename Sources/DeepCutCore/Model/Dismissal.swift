/// A "Not interested" decision. Matched by album key, never by id: the same album has
/// different ids in different catalogs. Display fields are nil on legacy rows.
public struct Dismissal: Sendable, Hashable, Codable {
    public var releaseID: String
    public var albumKey: AlbumKey
    /// Seconds since 1970, UTC.
    public var dismissedAt: Double
    public var title: String?
    public var artistName: String?
    public var artworkURL: String?
    public var recordingType: RecordingType?
    public var releaseDate: ReleaseDate?

    public init(releaseID: String, albumKey: AlbumKey, dismissedAt: Double, title: String? = nil,
                artistName: String? = nil, artworkURL: String? = nil, recordingType: RecordingType? = nil,
                releaseDate: ReleaseDate? = nil) {
        self.releaseID = releaseID
        self.albumKey = albumKey
        self.dismissedAt = dismissedAt
        self.title = title
        self.artistName = artistName
        self.artworkURL = artworkURL
        self.recordingType = recordingType
        self.releaseDate = releaseDate
    }

    /// A legacy row carries only id, key and time: its label must be rebuilt from the key.
    public var isLegacy: Bool { title == nil && artistName == nil }
}
