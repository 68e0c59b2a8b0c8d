import DeepCutCore
import DeepCutHTTP
import Foundation

extension MusicBrainzProvider {
    /// `release?release-group=MBID&inc=recordings&limit=1`: the tracks of the release group's
    /// first release, medium by medium. A group's releases differ in bonus tracks, not in the
    /// recordings of the album they share, which is what the evidence compares.
    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>? {
        let url = baseURL.appending(path: "ws/2/release", query: ["release-group": id, "inc": "recordings", "limit": "1",
                                                                 "fmt": "json"])
        return await requester.get(url) { body throws(BodyDecodingError) in
            try JSONBody.decode(MusicBrainzReleaseTracks.self, from: body).trackList()
        }
    }
}

/// A `release` browse answer with recordings: `{"releases": [{"media": [{"track-count", "tracks": [{"title", "length"}]}]}]}`.
struct MusicBrainzReleaseTracks: Decodable, Sendable {
    struct Release: Decodable, Sendable {
        var media: [Medium]
    }

    struct Medium: Decodable, Sendable {
        var trackCount: Int?
        var tracks: [Track]?

        enum CodingKeys: String, CodingKey {
            case trackCount = "track-count"
            case tracks
        }
    }

    struct Track: Decodable, Sendable {
        var title: String
        /// Milliseconds; null when nobody measured it.
        var length: Int?
    }

    var releases: [Release]

    /// A group with no release yet lists nothing: an incomplete (empty) list, which decides nothing.
    func trackList() throws(BodyDecodingError) -> TrackList {
        guard let release = releases.first else { return TrackList(tracks: [], isComplete: false) }
        let tracks = release.media.flatMap { $0.tracks ?? [] }.map {
            TrackListing(title: $0.title, seconds: $0.length.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil })
        }
        let declared = release.media.reduce(0) { $0 + ($1.trackCount ?? $1.tracks?.count ?? 0) }
        return TrackList(tracks: tracks, isComplete: tracks.count >= declared)
    }
}
