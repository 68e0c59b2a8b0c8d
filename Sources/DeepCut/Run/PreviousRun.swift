import DeepCutCore
import DeepCutPublish
import DeepCutState
import Foundation

/// What the runs before this one left, read once at the start of a run and handed to the library
/// guard, the repair plan, the change set and Publish: the baseline snapshot (`latest.json`), the
/// last run's record, the artists still owed a definite answer and the last complete run's library
/// size (from the run history in SQLite, never from `health.json`, which is an output).
struct PreviousRun: Sendable {
    /// `latest.json`, read once.
    var baselineFile: BaselineFile
    var lastRun: RunHistoryEntry?
    /// `ArtistName.normalize`d names left without a definite answer since their last one.
    var unansweredArtists: Set<String>
    /// The last complete run's id and library artist count: what the library guard measures a shrink against.
    var lastCompleteLibrary: (runID: String, artists: Int)?

    /// The run history is read on the store's thread, `latest.json` on `BlockingQueue.files`: a large
    /// baseline never holds a cooperative thread.
    static func load(outputDirectory: URL, store: StateStore, provider: String) async throws -> PreviousRun {
        let (lastRun, unanswered, lastCompleteLibrary) = try await store.perform { store in
            (try store.runs.last(), try store.runs.unansweredArtists(provider: provider), try store.runs.lastCompleteLibraryArtists())
        }
        return PreviousRun(
            baselineFile: try await BlockingQueue.files.run { try BaselineFile.read(outputDirectory: outputDirectory) },
            lastRun: lastRun, unansweredArtists: unanswered, lastCompleteLibrary: lastCompleteLibrary)
    }

    /// The baseline snapshot; nil when there is none yet or it is unreadable.
    var baseline: Snapshot? { baselineFile.snapshot }

    /// The baseline as Publish and scheduling see it.
    var baselineSummary: Baseline? { baselineFile.baseline }
}
