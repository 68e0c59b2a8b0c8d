import Foundation

/// One artist an artist source named: from listening history (with its play count in the source's
/// period) or from a followed list (no play count).
package struct ImportedArtist: Sendable, Hashable {
    package var name: String
    /// Plays in the source's period; nil for a followed list, which counts none.
    package var plays: Int?

    package init(name: String, plays: Int? = nil) {
        self.name = name
        self.plays = plays
    }
}

/// What one artist source (`artistSources[]`) gave this run: its artists, or why it gave none.
///
/// A failure is never an empty list: the run keeps the source's last good import (see
/// `ListenedArtistRepository`), as the library guard keeps a library that vanished.
package enum ArtistSourceOutcome: Sendable, Hashable {
    case imported([ImportedArtist])
    case failed(ArtistSourceFailure)
}

/// Why an artist source gave no answer. The message names the source and never a token or key.
package struct ArtistSourceFailure: Error, Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Hashable, Codable {
        /// HTTP 429 (ListenBrainz) or Last.fm error 29.
        case rateLimited
        /// HTTP 404 (ListenBrainz) or Last.fm error 6 "User not found".
        case userNotFound
        /// Last.fm error 17: the user hides their listening history.
        case privateProfile
        /// The token or API key file is missing or unreadable, or the service refused it.
        case credentials
        case http
        case transport
        case decoding
        /// A followed list that cannot be read.
        case file
    }

    package var kind: Kind
    /// The HTTP status, where there was one.
    package var status: Int?
    package var message: String

    package init(_ kind: Kind, status: Int? = nil, message: String) {
        self.kind = kind
        self.status = status
        self.message = message
    }
}

/// One artist source's line in the health report (`artistSources[]`).
package struct ArtistSourceReport: Sendable, Hashable, Codable {
    /// `listenbrainz:NAME`, `lastfm:NAME` or `followed:FILE`.
    package var source: String
    /// `ok` when the source answered in this run, `failed` when its last good import was used.
    package var status: String
    /// Artists the source gave this run (at or above `minPlays`), or its last good import kept.
    package var artists: Int
    /// When the artists counted were imported (this run, or the last good import); nil: never.
    package var importedAt: Date?
    package var failure: ArtistSourceFailure?

    package init(source: String, status: String, artists: Int, importedAt: Date?, failure: ArtistSourceFailure? = nil) {
        self.source = source
        self.status = status
        self.artists = artists
        self.importedAt = importedAt
        self.failure = failure
    }
}
