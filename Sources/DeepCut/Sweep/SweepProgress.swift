import DeepCutCore
import Foundation

/// The sweep's working state, one slot per library artist, filled in as its passes finish.
struct SweepProgress {
    var identities: [ArtistIdentity?]
    /// nil until the artist has an answer.
    var outcomes: [ArtistOutcome?]
    var requests: [Int]

    init(count: Int) {
        identities = Array(repeating: nil, count: count)
        outcomes = Array(repeating: nil, count: count)
        requests = Array(repeating: 0, count: count)
    }

    /// Identified artists still without releases, in library order.
    var awaitingReleases: [(index: Int, artist: CatalogArtist)] {
        identities.indices.compactMap { index in
            guard outcomes[index] == nil, let artist = identities[index]?.artist else { return nil }
            return (index, artist)
        }
    }

    /// Takes in what resolving artist `index` found.
    /// - Returns: the cache rows it earns: one for a definite answer, none for a failure.
    mutating func record(_ resolved: ResolvedArtist, at index: Int, artistKey: String, now: Date) -> [ArtistResolutionRecord] {
        switch resolved {
        case .found(let artist, let method, let releases):
            identities[index] = ArtistIdentity(artist: artist, method: method)
            outcomes[index] = releases.map(ArtistOutcome.init)
            return [ArtistResolutionRecord(artistKey: artistKey, artist: artist, method: method, resolvedAt: now)]
        case .notFound:
            identities[index] = ArtistIdentity(artist: nil, method: .notFound)
            outcomes[index] = .notFound
            return [ArtistResolutionRecord(artistKey: artistKey, artist: nil, method: .notFound, resolvedAt: now)]
        case .failed(let failure):
            outcomes[index] = .failed(failure)
            return []
        }
    }

    /// Artist `index`'s outcome once the sweep has stopped.
    /// - Parameters:
    ///   - stop: why a job would not have run: the surrounding task's cancellation or the deadline.
    ///   - reachedDeadline: the deadline cancelled jobs in flight, whose `cancelled` failures are
    ///     then skips: the deadline, not the catalog, left them without an answer.
    func finalOutcome(_ index: Int, stop: SkipReason, reachedDeadline: Bool) -> ArtistOutcome {
        guard let outcome = outcomes[index] else { return .skipped(stop) }
        if case .failed(let failure) = outcome, failure.kind == .cancelled, reachedDeadline, stop == .deadline {
            return .skipped(.deadline)
        }
        return outcome
    }
}
