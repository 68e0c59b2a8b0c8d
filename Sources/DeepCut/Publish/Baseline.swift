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

    /// Whole seconds since the baseline was generated; never negative. A baseline dated in the
    /// future reads as 0 here: `ClockSkew` is what tells a clock that went back from a fresh baseline.
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
