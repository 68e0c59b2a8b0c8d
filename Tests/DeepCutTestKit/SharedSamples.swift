import Foundation
import Testing

/// The real API and export samples, with provenance (Tests/Samples/README.md).
///
/// They are vendored into the repository so a clean clone tests them anywhere; the originals live
/// in `../shared/samples` beside the checkout, and `SharedSamplesTests` checks the copies still
/// match them byte for byte whenever that folder is present (and says so when it is not).
package enum SharedSamples {
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static let folder = packageRoot.appendingPathComponent("Tests/Samples")
    package static let upstream = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/samples")

    package static func url(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("sample \(name) is missing from \(folder.path)", sourceLocation: sourceLocation)
            return nil
        }
        return url
    }
}
