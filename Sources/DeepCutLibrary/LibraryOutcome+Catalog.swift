import DeepCutConfig
import DeepCutCore
import Foundation

extension LibraryOutcome {
    /// The library plus albums recorded with `deepcut library add`: owned like the rest, and
    /// their artists swept (adding an album says you care about its artist).
    package func including(_ added: [LibraryAlbum]) -> LibraryOutcome {
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

extension LibraryOutcome {
    /// The catalog artist ids the library holds for `provider`, by normalised name: beets'
    /// MusicBrainz ids for a MusicBrainz sweep, Apple Music library albums' catalog artists for an
    /// apple-music one.
    package func catalogArtistIDs(for provider: ProviderKind) -> [String: String] {
        switch provider {
        case .musicbrainz: musicBrainzArtistIDs
        case .appleMusic: appleMusicArtistIDs
        case .itunes: [:]
        }
    }

    /// What the user owns, with the catalog ids of owned albums the library holds for `provider`:
    /// beets' release groups, Apple Music library albums' catalog albums.
    package func owned(for provider: ProviderKind) -> OwnedAlbums {
        let ids: Set<String> =
            switch provider {
            case .musicbrainz: Set(musicBrainzReleaseGroupIDs.values)
            case .appleMusic: Set(appleMusicAlbumIDs.values)
            case .itunes: []
            }
        return OwnedAlbums(albums, catalogIDs: ids)
    }
}
