import DeepCutCore
import DeepCutSQLite

extension CatalogMemory {
    /// Whether remembered releases are read back with their artwork and catalog URLs. Those two
    /// strings are most of a release's size, and only the few releases a feed shows use them.
    package enum LinkReading: Sendable, Hashable {
        case included
        case omitted
    }

    /// One remembered release: the library artist it is remembered under, and its catalog id.
    package struct ReleaseRef: Sendable, Hashable {
        package var artist: String
        package var id: String

        package init(artist: String, id: String) {
            self.artist = artist
            self.id = id
        }
    }

    /// A release's artwork and catalog URLs as the catalog last gave them.
    package struct ReleaseLinks: Sendable, Hashable {
        package var artworkURL: String?
        package var url: String?

        package init(artworkURL: String?, url: String?) {
            self.artworkURL = artworkURL
            self.url = url
        }
    }

    /// The links of `releases`, read from the same rows `lastAnswers` read them from; a release the
    /// memory no longer holds is absent.
    package func links(provider: String, of releases: [ReleaseRef]) throws -> [ReleaseRef: ReleaseLinks] {
        try database.withConnection { connection in
            let select = try connection.prepare(
                "SELECT artwork_url, url FROM catalog_releases WHERE provider = ? AND artist = ? AND release_id = ?")
            var links: [ReleaseRef: ReleaseLinks] = [:]
            // Asked in the primary key's order, so consecutive rows share pages: in the callers'
            // order (a dictionary's) nearly every lookup missed SQLite's page cache.
            let keyed = releases.map { (artist: ArtistName.normalize($0.artist), release: $0) }.sorted {
                !$0.artist.utf8.elementsEqual($1.artist.utf8)
                    ? $0.artist.utf8.lexicographicallyPrecedes($1.artist.utf8)
                    : $0.release.id.utf8.lexicographicallyPrecedes($1.release.id.utf8)
            }
            for (artist, release) in keyed {
                try select.reset()
                try select.bind([provider, artist, release.id])
                if try select.step() {
                    links[release] = ReleaseLinks(
                        artworkURL: try select.value(at: 0, as: String?.self), url: try select.value(at: 1, as: String?.self))
                }
                while try select.step() {}
            }
            return links
        }
    }
}
