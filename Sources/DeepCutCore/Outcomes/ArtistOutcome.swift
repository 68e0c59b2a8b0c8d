/// The typed answer for one library artist. A failure is never an empty release list.
package enum ArtistOutcome: Sendable, Hashable {
    /// The catalog answered; the list may legitimately be empty.
    case fetched([Release])
    /// The catalog definitely has no such artist.
    case notFound
    case failed(FetchFailure)
    case skipped(SkipReason)

    /// True when this artist has a definite answer (releases or "no such artist").
    package var isDefinite: Bool {
        switch self {
        case .fetched, .notFound: true
        case .failed, .skipped: false
        }
    }

    package var releases: [Release] {
        if case .fetched(let releases) = self { return releases }
        return []
    }
}
