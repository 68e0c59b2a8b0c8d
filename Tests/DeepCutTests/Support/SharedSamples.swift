import Foundation
import Testing

/// The real API and export samples, with provenance (Tests/Samples/README.md).
///
/// They are vendored into the repository so a clean clone tests them anywhere; the originals live
/// in `../shared/samples` beside the checkout, and `SharedSamplesTests` checks the copies still
/// match them byte for byte whenever that folder is present (and says so when it is not).
enum SharedSamples {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = packageRoot.appendingPathComponent("Tests/Samples")
    static let upstream = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/samples")

    static func url(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("sample \(name) is missing from \(folder.path)", sourceLocation: sourceLocation)
            return nil
        }
        return url
    }
}
