import DeepCutCore

extension AppleMusicAlbumPage {
    /// The side of the square artwork the feed shows, in pixels.
    static let artworkSize = 600

    /// The page's albums as releases, in the catalog's order (repeats are removed across pages by the provider).
    /// - Parameter artistName: credited when an album names no artist.
    func releases(creditedTo artistName: String) -> [Release] {
        data.map { album in
            let attributes = album.attributes
            let (title, type) = Self.titleAndType(name: attributes.name, isCompilation: attributes.isCompilation ?? false)
            return Release(id: album.id, title: title, artist: attributes.artistName ?? artistName, type: type,
                           releaseDate: attributes.releaseDate.flatMap { ReleaseDate(iso: $0) },
                           artworkURL: attributes.artwork.map { Self.artworkURL($0.url) }, url: attributes.url,
                           isExplicit: attributes.contentRating == "explicit", trackCount: attributes.trackCount)
        }
    }

    /// Singles and EPs are known by the name suffix (" - Single", " - EP"), which is stripped: `isSingle`
    /// is unreliable (EPs say false, so do some singles). Otherwise `isCompilation` decides.
    static func titleAndType(name: String, isCompilation: Bool) -> (String, RecordingType) {
        for (suffix, type) in [(" - Single", RecordingType.single), (" - EP", .ep)] where name.hasSuffix(suffix) {
            return (String(name.dropLast(suffix.count)), type)
        }
        return (name, isCompilation ? .compilation : .album)
    }

    /// Fills the artwork template: `{w}`/`{h}` with the feed's size, and the crop and format
    /// placeholders some templates carry (`{c}`, `{f}`) with Apple's defaults.
    static func artworkURL(_ template: String) -> String {
        let size = String(artworkSize)
        return template.replacingOccurrences(of: "{w}", with: size).replacingOccurrences(of: "{h}", with: size)
            .replacingOccurrences(of: "{c}", with: "bb").replacingOccurrences(of: "{f}", with: "jpg")
    }
}
