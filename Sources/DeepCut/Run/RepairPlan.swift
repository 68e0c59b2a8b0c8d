import DeepCutCore
import Foundation

/// How a run after a partial one completes the sweep cheaply: previously failed artists are
/// asked first, and artists with a definite answer younger than `repairWindowMinutes` are
/// answered from the catalog memory instead of the network.
struct RepairPlan {
    /// Artists to ask the catalog, previously failed first.
    var toFetch: [String]
    /// Artists answered from memory, by library name.
    var reused: [String: ArtistResult]

    /// An ordinary run: everyone is fetched in library order.
    init(artists: [String]) {
        self.init(toFetch: artists, reused: [:])
    }

    private init(toFetch: [String], reused: [String: ArtistResult]) {
        self.toFetch = toFetch
        self.reused = reused
    }

    init(artists: [String], previous: RunRecord?, previousFailures: [String], memory: CatalogMemory, provider: String,
         windowMinutes: Int, now: Date) throws {
        guard let previous, previous.status == .partial, windowMinutes > 0 else {
            self.init(artists: artists)
            return
        }
        let since = now.addingTimeInterval(-Double(windowMinutes) * 60)
        let fresh = try memory.results(provider: provider, artists: artists, checkedSince: since)
        let failedBefore = Set(previousFailures)
        let remaining = artists.filter { fresh[$0] == nil }
        self.init(toFetch: remaining.filter(failedBefore.contains) + remaining.filter { !failedBefore.contains($0) }, reused: fresh)
    }

    /// The whole sweep in library order: fetched answers and reused ones together.
    func merge(_ fetched: SweepOutcome, artists: [String]) -> SweepOutcome {
        guard !reused.isEmpty else { return fetched }
        let byArtist = Dictionary(fetched.results.map { ($0.artist, $0) }, uniquingKeysWith: { first, _ in first })
        return SweepOutcome(provider: fetched.provider, results: artists.compactMap { reused[$0] ?? byArtist[$0] })
    }
}
