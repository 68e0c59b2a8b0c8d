import DeepCutCore
import DeepCutNotify
import Foundation

/// Digest items and messages for the channel tests.
enum SampleDigest {
    static func item(
        _ artist: String, _ title: String, event: Digest.Item.Event = .newRelease, date: String = "2026-11-27",
        type: RecordingType = .album,
        id: String = UUID().uuidString
    ) -> Digest.Item {
        let entry = FeedEntry(
            id: "itunes:\(id)", key: AlbumKey(title: title, artist: artist), title: title, artist: artist, type: type,
            releaseDate: ReleaseDate(iso: date)!, artworkURL: "https://img.example.org/\(id).jpg",
            url: "https://music.example.org/album/\(id)")
        let prefix = event == .announced ? "announce" : "release"
        return Digest.Item(event: event, dedupeKey: "\(prefix):itunes:\(id)", entry: entry)
    }

    static let items = [
        item("Bonobo", "Fragments", id: "1"),
        item("Khruangbin", "A LA SALA", event: .announced, date: "2026-12-11", type: .single, id: "2"),
        item("Björk", "Fossora <Live> & \"Friends\"", event: .outToday, date: "2026-12-01", type: .ep, id: "3")
    ]

    static func message(_ items: [Digest.Item] = items, pageURL: URL? = URL(string: "https://feed.example.org/index.html")) -> DigestMessage
    {
        DigestMessage(runID: "20261201T120000Z", items: items, dedupeKey: "digest:phone:0123abcd", pageURL: pageURL)
    }
}
