import DeepCutCore

extension LibraryOutcome {
    /// The library plus albums recorded with `deepcut library add`: owned like the rest, and
    /// their artists swept (adding an album says you care about its artist).
    func including(_ added: [LibraryAlbum]) -> LibraryOutcome {
        guard !added.isEmpty else { return self }
        let albums = albums + added
        return LibraryOutcome(albums: albums, artists: LoadLibrary.artists(of: albums), sources: sources, warnings: warnings)
    }
}
