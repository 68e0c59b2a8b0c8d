import Foundation
import Testing

/// The real API and export samples in `../shared/samples` beside the checkout.
/// A test that needs them records an issue when the folder is absent rather than passing silently.
enum SharedSamples {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/samples")

    static func url(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("sample \(name) is missing: expected ../shared/samples next to the checkout (\(folder.path))",
                         sourceLocation: sourceLocation)
            return nil
        }
        return url
    }
}
