import Foundation

/// The last complete snapshot (`latest.json`), as far as scheduling and health need it.
public struct Baseline: Sendable, Hashable {
    public var runID: RunID
    public var generatedAt: Date

    public init(runID: RunID, generatedAt: Date) {
        self.runID = runID
        self.generatedAt = generatedAt
    }

    init(_ snapshot: Snapshot) {
        self.init(runID: snapshot.runID, generatedAt: snapshot.generatedAt)
    }

    /// Whole seconds since the baseline was generated; never negative, so a clock step back reads as "fresh".
    public func ageSeconds(at now: Date) -> Int {
        max(0, Int(now.timeIntervalSince(generatedAt)))
    }

    /// Reads `latest.json` in `outputDirectory`.
    /// - Returns: nil when there is no baseline yet.
    /// - Throws: `OutputReadError` when `latest.json` is corrupt or is not a complete snapshot.
    public static func read(outputDirectory: URL) throws -> Baseline? {
        let file = OutputFolder(outputDirectory).latest
        guard let snapshot = try Snapshot.load(from: file) else { return nil }
        guard snapshot.complete else { throw OutputReadError(path: file.path, reason: "holds a partial snapshot") }
        return Baseline(snapshot)
    }
}
