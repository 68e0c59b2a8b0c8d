import DeepCutCore
import Foundation

/// One finished run as the history keeps it: enough to answer "when did it last work, and how well".
public struct RunRecord: Sendable, Hashable {
    public var runID: String
    public var startedAt: Date
    public var finishedAt: Date
    public var status: RunStatus
    public var exitCode: ExitCode
    /// Measured on a monotonic clock, so it may differ from `finishedAt - startedAt`.
    public var durationSeconds: Double
    public var artistsTotal: Int
    public var artistsFailed: Int
    /// Feed entries published.
    public var entries: Int
    /// Catalog HTTP requests made, retries included.
    public var requests: Int
    /// Artists the library held (owned albums included); nil when the run stopped before reading it,
    /// or was recorded before this was kept. The library guard compares against it.
    public var libraryArtists: Int?

    public init(runID: String, startedAt: Date, finishedAt: Date, status: RunStatus, exitCode: ExitCode,
                durationSeconds: Double, artistsTotal: Int, artistsFailed: Int, entries: Int, requests: Int,
                libraryArtists: Int? = nil) {
        self.runID = runID
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
        self.exitCode = exitCode
        self.durationSeconds = durationSeconds
        self.artistsTotal = artistsTotal
        self.artistsFailed = artistsFailed
        self.entries = entries
        self.requests = requests
        self.libraryArtists = libraryArtists
    }
}
