import DeepCutCore
import DeepCutHTTP
import Foundation

extension ITunesProvider {
    /// `lookup?id=<collectionId>&entity=song`: the collection row, then one row per track
    /// (`trackName`, `trackTimeMillis`) the storefront offers — fewer than `trackCount` when
    /// some are unavailable there.
    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>? {
        let url = baseURL.appending(path: "lookup", query: ["id": id, "entity": "song", "limit": String(Self.lookupLimit),
                                                            "country": country])
        return await requester.get(url) { body throws(BodyDecodingError) in
            try JSONBody.decode(ITunesTrackRows.self, from: body).trackList(of: id)
        }
    }
}

/// The rows of an `entity=song` lookup; other fields of the envelope are read by `ITunesBody`.
struct ITunesTrackRows: Decodable, Sendable {
    struct Row: Decodable, Sendable {
        var wrapperType: String
        var kind: String?
        var collectionId: Int?
        var trackCount: Int?
        var trackName: String?
        var trackTimeMillis: Int?
    }

    var results: [Row]

    /// The collection's songs. An answer without the collection row does not describe it: a
    /// decoding failure, never an empty track list.
    func trackList(of id: String) throws(BodyDecodingError) -> TrackList {
        guard let collection = results.first(where: { $0.wrapperType == "collection" && $0.collectionId.map(String.init) == id }) else {
            throw BodyDecodingError("no collection row for \(id)")
        }
        // `trackCount` counts music videos too; only songs are compared.
        let rows = results.filter { $0.wrapperType == "track" }
        let tracks = rows.filter { ($0.kind ?? "song") == "song" }.compactMap { row -> TrackListing? in
            guard let name = row.trackName?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return nil }
            return TrackListing(title: name, seconds: row.trackTimeMillis.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil })
        }
        return TrackList(tracks: tracks, isComplete: collection.trackCount.map { rows.count >= $0 } ?? true)
    }
}
