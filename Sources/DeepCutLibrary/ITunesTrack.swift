/// The fields of one Library.xml track that decide whether and how it counts as an owned album.
struct ITunesTrack: Sendable, Hashable {
    /// The `Track ID`, for warnings that point at the track.
    var trackID: String?
    var name: String?
    /// `Total Time` in milliseconds: evidence for editions the title rules cannot place.
    var totalTime: Int?
    var artist: String?
    var albumArtist: String?
    var album: String?
    var kind: String?
    var genre: String?
    var trackType: String?
    var isCompilation = false
    /// Movie, TV show, music video, podcast, iTunes U or any item with video.
    var isVideoOrSpoken = false

    /// Only audio music counts: movies, TV, music videos, podcasts, iTunes U, streams and
    /// audiobooks are skipped, so their credits (directors, hosts) are never swept as artists.
    var isMusic: Bool {
        if isVideoOrSpoken || trackType == "URL" { return false }
        if let kind, !kind.localizedLowercase.contains("audio") { return false }
        if kind == nil && trackType != "Remote" { return false }
        let spokenGenres: Set<String> = ["audiobooks", "audiobook", "spoken word", "podcast", "podcasts", "books & spoken"]
        return !spokenGenres.contains(genre?.localizedLowercase ?? "")
    }
}
