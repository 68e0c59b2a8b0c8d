import DeepCutCore
import DeepCutState
import Foundation

/// How a run after a partial or failed one completes the sweep cheaply, without ever letting
/// reused answers hide what still fails.
///
/// The previously failed artists (every artist left without a definite answer in some run since
/// its last definite one, from the run history) are always asked, first, and never answered from
/// memory. The other artists with a definite answer younger than `repairWindowMinutes` are
/// answered from the catalog memory instead of the network, except the one checked longest ago,
/// which is asked as a canary. Such a run is complete only when each
/// previously failed artist answered in this run (`SweepOutcome.status`: every artist definite,
/// and the catalog answered in this run).
struct RepairPlan: Sendable {
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

    /// - Parameters:
    ///   - previouslyFailed: `ArtistName.normalize`d names still owed a definite answer.
    ///   - remembered: the catalog memory's last answers, by library name.
    init(
        artists: [String], previous: RunHistoryEntry?, previouslyFailed: Set<String>, remembered: [String: CatalogMemory.Remembered],
        windowMinutes: Int, now: Date
    ) {
        guard let previous, previous.status == .partial || previous.status == .failed, windowMinutes > 0 else {
            self.init(artists: artists)
            return
        }
        let since = now.addingTimeInterval(-Double(windowMinutes) * 60)
        let failedBefore = Set(artists.filter { previouslyFailed.contains(ArtistName.normalize($0)) })
        // An answer dated after now came from a clock that ran ahead: its age is unknown, so it is asked again.
        var fresh = remembered.filter { !failedBefore.contains($0.key) && $0.value.checkedAt >= since && $0.value.checkedAt <= now }
        // One reusable artist, the one checked longest ago, is asked anyway: a canary, so that an
        // artist that keeps failing does not make every repair run look like an outage (only
        // answers of this run count), and an outage still fails the run.
        let reusable = artists.compactMap { name in fresh[name].map { (name: name, checkedAt: $0.checkedAt) } }
        if let canary = reusable.min(by: { $0.checkedAt < $1.checkedAt }) {
            fresh[canary.name] = nil
        }
        let remaining = artists.filter { fresh[$0] == nil }
        self.init(
            toFetch: remaining.filter(failedBefore.contains) + remaining.filter { !failedBefore.contains($0) },
            reused: fresh.mapValues(\.result))
    }

    /// The whole sweep in library order: fetched answers and reused ones together.
    func merge(_ fetched: SweepOutcome, artists: [String]) -> SweepOutcome {
        guard !reused.isEmpty else { return fetched }
        let byArtist = Dictionary(fetched.results.map { ($0.artist, $0) }, uniquingKeysWith: { first, _ in first })
        return SweepOutcome(provider: fetched.provider, results: artists.compactMap { reused[$0] ?? byArtist[$0] })
    }
}
