import Foundation

/// An artist the user muted (`deepcut mute`): still swept, so `more-from` and the catalog memory
/// stay whole, but never in the feed, the upcoming list or a notification.
///
/// Kept with the display data known when it was muted, as dismissals are: the name as typed, and
/// the catalog's own name, id and artwork when the state database had met the artist.
package struct MutedArtist: Sendable, Hashable, Codable {
    /// `ArtistName.normalize` of `name`: one row per artist, whatever the spelling.
    package var artistKey: String
    /// The name as the user typed it.
    package var name: String
    /// Seconds since 1970, UTC.
    package var mutedAt: Double
    /// The catalog's name and id for the artist (from the resolution cache), when known.
    package var catalogName: String?
    package var catalogID: String?
    /// The artwork of the artist's newest remembered release, when known.
    package var artworkURL: String?

    package init(
        name: String, mutedAt: Double, catalogName: String? = nil, catalogID: String? = nil, artworkURL: String? = nil
    ) {
        self.artistKey = ArtistName.normalize(name)
        self.name = name
        self.mutedAt = mutedAt
        self.catalogName = catalogName
        self.catalogID = catalogID
        self.artworkURL = artworkURL
    }
}

/// The muted artists as the diff matches them: by the credit rules of `ArtistCredit`, so "Bonobo
/// feat. X" and "Khruangbin & Leon Bridges" are a muted Bonobo's and a muted Leon Bridges' releases,
/// as they are these artists' entries in the feed (featured artists do not count).
package struct MutedArtists: Sendable, Hashable {
    private let mains: Set<String>

    package init(_ names: some Sequence<String> = []) {
        mains = Set(names.map(ArtistCredit.main))
    }

    package var isEmpty: Bool { mains.isEmpty }

    /// True when a release credit names a muted artist.
    package func mutes(credit artist: String) -> Bool {
        !mains.isEmpty && !ArtistCredit.all(artist).isDisjoint(with: mains)
    }

    /// True when one of a release's credits (`MatchKeyCache.Credits.all`) is a muted artist.
    func mutes(anyOf credits: Set<String>) -> Bool {
        !mains.isEmpty && !credits.isDisjoint(with: mains)
    }
}
