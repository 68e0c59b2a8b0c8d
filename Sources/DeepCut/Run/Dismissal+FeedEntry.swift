import DeepCutCore
import Foundation

extension Dismissal {
    /// A dismissal with the entry's display data captured now.
    init(_ entry: FeedEntry, releaseID: String, at date: Date) {
        self.init(releaseID: releaseID, albumKey: entry.key, dismissedAt: date.timeIntervalSince1970, title: entry.title,
                  artistName: entry.artist, artworkURL: entry.artworkURL, recordingType: entry.type, releaseDate: entry.releaseDate)
    }

    /// "Artist — Title", or for a legacy row the label rebuilt by splitting its key.
    var label: String {
        if let title, let artistName { return "\(artistName) — \(title)" }
        return "\(albumKey.artist) — \(albumKey.title) (rebuilt from key)"
    }
}
