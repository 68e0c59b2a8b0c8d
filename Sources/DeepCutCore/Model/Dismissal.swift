/// A "Not interested" decision. Matched by album key, never by id: the same album has
/// different ids in different catalogs. Display fields are nil on legacy rows.
package struct Dismissal: Sendable, Hashable, Codable {
    package var releaseID: String
    package var albumKey: AlbumKey
    /// Seconds since 1970, UTC.
    package var dismissedAt: Double
    package var title: String?
    package var artistName: String?
    package var artworkURL: String?
    package var recordingType: RecordingType?
    package var releaseDate: ReleaseDate?

    package init(
        releaseID: String, albumKey: AlbumKey, dismissedAt: Double, title: String? = nil,
        artistName: String? = nil, artworkURL: String? = nil, recordingType: RecordingType? = nil,
        releaseDate: ReleaseDate? = nil
    ) {
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
    package var isLegacy: Bool { title == nil && artistName == nil }
}
