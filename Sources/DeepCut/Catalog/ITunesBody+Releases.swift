import DeepCutCore

extension ITunesBody {
    /// The collection rows of a `lookup?entity=album` answer as releases; artist (and track) rows are skipped.
    ///
    /// A collection without an id or a name fails the whole body: a release list silently missing
    /// rows is worse than an honest `decoding` failure. A collection whose date does not parse is
    /// kept undated (`releaseDate` nil): the album exists, and the Diff keeps undated releases out
    /// of the window, so one odd row neither invents a date nor costs the artist its other releases.
    /// - Parameter artistName: credited when a row names no artist.
    func releases(creditedTo artistName: String) throws(BodyDecodingError) -> [Release] {
        var releases: [Release] = []
        for (index, row) in results.enumerated() where row.wrapperType == "collection" {
            guard let id = row.collectionId else { throw BodyDecodingError("results[\(index)].collectionId is missing") }
            guard let name = row.collectionName else { throw BodyDecodingError("results[\(index)].collectionName is missing") }
            let (title, type) = Self.titleAndType(collectionName: name, collectionType: row.collectionType)
            releases.append(Release(id: String(id), title: title, artist: row.artistName ?? artistName, type: type,
                                    releaseDate: row.releaseDate.flatMap { ReleaseDate(iso: $0) },
                                    artworkURL: row.artworkUrl100, url: row.collectionViewUrl,
                                    isExplicit: row.collectionExplicitness == "explicit"))
        }
        return releases
    }

    /// iTunes marks singles and EPs only in the name (" - Single", " - EP"); compilations by
    /// `collectionType`, though most compilations just say "Album".
    static func titleAndType(collectionName: String, collectionType: String?) -> (String, RecordingType) {
        for (suffix, type) in [(" - Single", RecordingType.single), (" - EP", .ep)] where collectionName.hasSuffix(suffix) {
            return (String(collectionName.dropLast(suffix.count)), type)
        }
        return (collectionName, collectionType == "Compilation" ? .compilation : .album)
    }
}
