import DeepCutCore
import Foundation

extension DismissalsFile {
    /// One element of the exchange format, exactly as it appears in the JSON.
    struct Item: Codable {
        var releaseID: String
        var albumKey: String
        var dismissedAt: String
        var title: String?
        var artistName: String?
        var artworkURL: String?
        var recordingType: String?
        var releaseDate: String?

        init(_ dismissal: Dismissal) {
            releaseID = dismissal.releaseID
            albumKey = dismissal.albumKey.rawValue
            dismissedAt = DismissalsFile.formatTime(dismissal.dismissedAt)
            title = dismissal.title
            artistName = dismissal.artistName
            artworkURL = dismissal.artworkURL
            recordingType = dismissal.recordingType?.rawValue
            releaseDate = dismissal.releaseDate?.description
        }

        /// The dismissal this item describes.
        /// - Throws: the problem as text naming the field, for the caller to place in the file.
        func dismissal() throws(ItemProblem) -> Dismissal {
            guard albumKey.contains(AlbumKey.separator) else {
                throw ItemProblem("albumKey has no title/artist separator (U+001F)")
            }
            guard let time = DismissalsFile.parseTime(dismissedAt) else {
                throw ItemProblem("dismissedAt: not an ISO 8601 time \"\(dismissedAt.prefix(40))\"")
            }
            let type = try recordingType.map { text throws(ItemProblem) in
                guard let type = RecordingType(rawValue: text) else {
                    let known = RecordingType.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ItemProblem("recordingType: unknown type \"\(text.prefix(40))\" (\(known))")
                }
                return type
            }
            let date = try releaseDate.map { text throws(ItemProblem) in
                guard let date = ReleaseDate(iso: text) else {
                    throw ItemProblem("releaseDate: not a date \"\(text.prefix(40))\" (YYYY, YYYY-MM or YYYY-MM-DD)")
                }
                return date
            }
            return Dismissal(releaseID: releaseID, albumKey: AlbumKey(rawValue: albumKey), dismissedAt: time,
                             title: title, artistName: artistName, artworkURL: artworkURL,
                             recordingType: type, releaseDate: date)
        }
    }

    struct ItemProblem: Error {
        let detail: String

        init(_ detail: String) {
            self.detail = detail
        }
    }
}
