import Foundation
import Testing

/// How `scripts/bench` asks for one in-process benchmark: `DEEPCUT_BENCH` names it,
/// `DEEPCUT_BENCH_INPUT` is a JSON file of its parameters, and its figures are written as JSON
/// to `DEEPCUT_BENCH_OUTPUT`. Without `DEEPCUT_BENCH` every benchmark is disabled, so
/// `swift test` never runs one.
struct BenchmarkRequest {
    static let environment = ProcessInfo.processInfo.environment

    /// True when `scripts/bench` asked for the benchmark `name`.
    static func wants(_ name: String) -> Bool {
        environment["DEEPCUT_BENCH"] == name
    }

    static func input<Input: Decodable>(_ type: Input.Type) throws -> Input {
        let path = try #require(environment["DEEPCUT_BENCH_INPUT"])
        return try JSONDecoder().decode(Input.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func write<Output: Encodable>(_ output: Output) throws {
        let path = try #require(environment["DEEPCUT_BENCH_OUTPUT"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(output).write(to: URL(fileURLWithPath: path))
    }

    /// Seconds `body` took on the monotonic clock.
    static func seconds<Value>(_ body: () async throws -> Value) async rethrows -> (Double, Value) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        let elapsed = clock.now - start
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, value)
    }
}
