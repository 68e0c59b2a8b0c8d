import Foundation

/// What the runs before this one left, read once at the start of a run and handed to the repair
/// plan, the change set and Publish: the baseline snapshot (`latest.json`), the last run's record,
/// and the artists still owed a definite answer (from the run history in SQLite, never from
/// `health.json`, which is an output).
struct PreviousRun: Sendable {
    /// `latest.json`; nil when there is none yet or it is unreadable.
    var baseline: Snapshot?
    /// Why `latest.json` could not be used, when it exists but is torn, foreign or partial.
    var unreadableBaseline: OutputReadError?
    var lastRun: RunRecord?
    /// `ArtistName.normalize`d names left without a definite answer since their last one.
    var unansweredArtists: Set<String>

    static func load(outputDirectory: URL, store: StateStore, provider: String) throws -> PreviousRun {
        var previous = PreviousRun(baseline: nil, unreadableBaseline: nil, lastRun: try store.runs.last(),
                                   unansweredArtists: try store.runs.unansweredArtists(provider: provider))
        let file = OutputFolder(outputDirectory).latest
        do {
            if let snapshot = try Snapshot.load(from: file) {
                guard snapshot.complete else { throw OutputReadError(path: file.path, reason: "holds a partial snapshot") }
                previous.baseline = snapshot
            }
        } catch let error as OutputReadError {
            previous.unreadableBaseline = error
        }
        return previous
    }

    /// The baseline as Publish and scheduling see it.
    var baselineSummary: Baseline? { baseline.map(Baseline.init) }
}
