import DeepCutCore
import DeepCutLibrary

extension LibraryOutcome {
    /// The library plus albums recorded with `deepcut library add`: owned like the rest, and
    /// their artists swept (adding an album says you care about its artist).
    func including(_ added: [LibraryAlbum]) -> LibraryOutcome {
        var outcome = self
        var seen = Set(artists.map(ArtistName.groupingKey))
        for album in added {
            outcome.albums.append(album)
            if !ArtistName.isPlaceholder(album.artist), seen.insert(ArtistName.groupingKey(album.artist)).inserted {
                outcome.artists.append(album.artist)
            }
        }
        return outcome
    }
}
