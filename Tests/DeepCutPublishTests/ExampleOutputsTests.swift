import DeepCutTestKit
import Foundation
import Testing

/// The example files in `schemas/` are the writers' real output for `ExampleRun`, byte for byte, so
/// the documentation can never drift from the code. `DEEPCUT_UPDATE_EXAMPLES=1` rewrites them
/// (`scripts/screenshot` does, before photographing `schemas/examples/index.html`).
@Suite struct ExampleOutputsTests {
    /// Output file → committed example, relative to `schemas/`.
    static let examples = [
        ("current.json", "snapshot.example.json"),
        ("health.json", "health.example.json"),
        ("feed.json", "examples/feed.json"),
        ("feed.atom", "examples/feed.atom"),
        ("index.html", "examples/index.html"),
        ("health.txt", "examples/health.txt")
    ]

    @Test func committedExamplesAreTheWritersRealOutput() throws {
        let update = ProcessInfo.processInfo.environment["DEEPCUT_UPDATE_EXAMPLES"] == "1"
        try PublishFixtures.withFolder { folder in
            try ExampleRun.publish(into: folder)
            for (output, example) in Self.examples {
                let produced = try Data(contentsOf: folder.appendingPathComponent(output))
                let committed = JSONSchemaValidator.schemas.appendingPathComponent(example)
                if update {
                    try FileManager.default.createDirectory(at: committed.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try produced.write(to: committed)
                } else {
                    #expect(
                        (try? Data(contentsOf: committed)) == produced,
                        "schemas/\(example) differs from what the writers produce: run `DEEPCUT_UPDATE_EXAMPLES=1 swift test --filter ExampleOutputsTests` and review the diff"
                    )
                }
            }
        }
    }
}
