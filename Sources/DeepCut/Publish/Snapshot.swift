import Foundation
import DeepCutCore

/// A published feed snapshot (`schemaVersion` 1): `snapshots/RUNID.json`, `current.json` and, when
/// complete, `latest.json`. Field names are the SPEC's contract with downstream tools.
public struct Snapshot: Sendable, Hashable, Codable {
    public static let schemaVersion = 1

    public var schemaVersion: Int
    public var runID: RunID
    public var generatedAt: Date
    /// True only when every artist had a definite answer; only such a snapshot becomes the baseline.
    public var complete: Bool
    public var provider: String
    public var artists: ArtistCounts
    /// Artists that failed or were skipped, whose releases may be missing.
    public var incompleteArtists: [String]
    /// Newest first, one per album key.
    public var entries: [FeedEntry]
    /// Wanted releases dated after the run, soonest first; they enter `entries` on release day.
    /// Additive (absent in older snapshots).
    public var upcoming: [FeedEntry]?
    /// What changed since the previous complete snapshot. Additive (absent in older snapshots).
    public var changes: ChangeSet?

    public init(runID: RunID, generatedAt: Date, complete: Bool, provider: String, artists: ArtistCounts,
                incompleteArtists: [String], entries: [FeedEntry]) {
        self.schemaVersion = Self.schemaVersion
        self.runID = runID
        self.generatedAt = generatedAt
        self.complete = complete
        self.provider = provider
        self.artists = artists
        self.incompleteArtists = incompleteArtists
        self.entries = entries
    }

    /// The snapshot of a sweep that got at least one answer. A failed sweep has no snapshot.
    public init(runID: RunID, generatedAt: Date, sweep: SweepOutcome, diff: FeedDiff) {
        self.init(runID: runID, generatedAt: generatedAt, complete: sweep.status == .complete, provider: sweep.provider,
                  artists: sweep.counts, incompleteArtists: sweep.incompleteArtists, entries: diff.entries)
        upcoming = diff.upcoming
    }
}
