/// A definite failure to get one artist's answer, after retries.
package struct FetchFailure: Error, Sendable, Hashable, Codable {
    package var kind: FailureKind
    /// The last HTTP status seen, when the server answered at all.
    package var httpStatus: Int?
    /// How many requests were tried for the failing call.
    package var attempts: Int
    /// One line for operators. Never carries a token.
    package var message: String

    package init(kind: FailureKind, httpStatus: Int? = nil, attempts: Int, message: String) {
        self.kind = kind
        self.httpStatus = httpStatus
        self.attempts = attempts
        self.message = message
    }
}

/// Why fetching one artist failed. Raw values are the health report's `kind` strings.
package enum FailureKind: String, Codable, Sendable, CaseIterable {
    /// 429, iTunes' 403-with-empty-body, MusicBrainz 503: the catalog asked us to slow down.
    case rateLimited
    /// Any other non-2xx status.
    case http
    /// No complete answer within the per-request deadline.
    case timeout
    /// Refused, reset, DNS, truncated body: the connection itself failed.
    case transport
    /// A 2xx answer whose body is not what the API promises. Never "no releases".
    case decoding
    /// The run was cancelled (signal) while this artist was in flight.
    case cancelled
    /// The catalog suddenly lists nothing (or no such artist) for an artist it listed releases for,
    /// and asking once more did not change that: not believed until a later run confirms it.
    case suddenlyEmpty
}

extension FetchFailure {
    /// The catalog answered 404 about the artist id itself: the id was merged or deleted since it was
    /// found (Apple Music says so only after `artists/{id}` answered 404 too), so the artist is
    /// searched by name again, never taken as having no releases.
    package var saysArtistVanished: Bool { kind == .http && httpStatus == 404 }
}
