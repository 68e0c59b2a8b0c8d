import Foundation
import Testing

@testable import DeepCutPublish

/// The JSON outputs (snapshots, feed.json, health.json) carry U+2028, U+2029, DEL and the C1
/// controls only as escapes: the same strings to a JSON parser, safe in a pre-ES2019 JavaScript
/// string literal, and nothing invisible to a person reading the file.
@Suite struct OutputJSONTests {
    @Test func separatorsAndControlsAreWrittenAsEscapesAndReadBackTheSame() throws {
        let value = ["name": "a\u{2028}b\u{2029}c\u{85}d\u{7F}e\u{9F}f — ü 🎧"]
        let data = try OutputJSON.encode(value)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""a\u2028b\u2029c\u0085d\u007fe\u009ff — ü 🎧""#), "\(text)")
        #expect(!text.unicodeScalars.contains { [0x2028, 0x2029, 0x85, 0x7F, 0x9F].contains($0.value) })
        #expect(try JSONDecoder().decode([String: String].self, from: data) == value)
    }

    @Test func plainOutputIsLeftAsItIs() {
        let data = Data(#"{"a": "ü — ✓ \u00e9"}"#.utf8)
        #expect(OutputJSON.escapingInvisibles(data) == data)
    }
}
