import Foundation

/// Writes the run's health report as `health.json` (machine) and `health.txt` (human), each
/// atomically. Written last, after every stage, including when an early stage failed.
package enum HealthWriter {
    /// - Parameter folder: the output folder; created when missing.
    package static func write(_ report: HealthReport, to folder: URL) throws {
        let files = OutputFolder(folder)
        try AtomicFile.createDirectory(files.root)
        try AtomicFile.write(OutputJSON.encode(report), to: files.healthJSON)
        try AtomicFile.write(HealthText.render(report), to: files.healthText)
    }
}
