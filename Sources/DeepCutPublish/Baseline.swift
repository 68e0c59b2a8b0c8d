import Foundation

/// The last complete snapshot (`latest.json`), as far as scheduling and health need it.
package struct Baseline: Sendable, Hashable {
    package var runID: RunID
    package var generatedAt: Date

    package init(runID: RunID, generatedAt: Date) {
        self.runID = runID
        self.generatedAt = generatedAt
    }

    init(_ snapshot: Snapshot) {
        self.init(runID: snapshot.runID, generatedAt: snapshot.generatedAt)
    }

    /// Whole seconds since the baseline was generated; never negative. A baseline dated in the
    /// future reads as 0 here: `ClockSkew` is what tells a clock that went back from a fresh baseline.
    package func ageSeconds(at now: Date) -> Int {
        max(0, Int(now.timeIntervalSince(generatedAt)))
    }

    /// Reads `latest.json` in `outputDirectory`.
    /// - Returns: nil when there is no baseline yet.
    /// - Throws: `OutputReadError` when `latest.json` is corrupt or is not a complete snapshot.
    package static func read(outputDirectory: URL) throws -> Baseline? {
        let file = try BaselineFile.read(outputDirectory: outputDirectory)
        if let unreadable = file.unreadable { throw unreadable }
        return file.baseline
    }
}

/// `latest.json` as one read found it: the complete snapshot, or why it cannot be used. The one
/// reader of the baseline file; a run reads it once, at its start (`PreviousRun`), and hands it on.
package struct BaselineFile: Sendable {
    /// The complete snapshot; nil when there is none yet or it is unreadable.
    package var snapshot: Snapshot?
    /// Why `latest.json` could not be used, when it exists but is torn, foreign or partial.
    var unreadable: OutputReadError?

    /// - Throws: only what is not a reading of the file (an unreadable file is `unreadable`).
    package static func read(outputDirectory: URL) throws -> BaselineFile {
        let file = OutputFolder(outputDirectory).latest
        do {
            guard let snapshot = try Snapshot.load(from: file) else { return BaselineFile() }
            guard snapshot.complete else { throw OutputReadError(path: file.path, reason: "holds a partial snapshot") }
            return BaselineFile(snapshot: snapshot)
        } catch let error as OutputReadError {
            return BaselineFile(unreadable: error)
        }
    }

    /// The baseline as scheduling and health see it.
    package var baseline: Baseline? { snapshot.map(Baseline.init) }
}
