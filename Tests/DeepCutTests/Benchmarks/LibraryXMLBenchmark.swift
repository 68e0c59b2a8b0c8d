import DeepCutCore
import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutLibrary

/// Measurement 7's load stage alone: the run's first stage (`LoadLibrary`) on the generated
/// 60,000-track Library.xml, in process, best of three.
@Suite(.enabled(if: BenchmarkRequest.wants("libraryXML")))
struct LibraryXMLBenchmark {
    struct Input: Decodable {
        var config: String
    }

    struct Output: Encodable {
        /// The fastest of `runs`.
        var load: Double
        var runs: [Double]
        var albums: Int
        var artists: Int
        var skipped: Int
        var warnings: Int
    }

    @Test func load() async throws {
        let input = try BenchmarkRequest.input(Input.self)
        let config = try ConfigLoader.load(from: URL(fileURLWithPath: input.config))
        var runs: [Double] = []
        var outcome: LibraryOutcome?
        for _ in 0..<3 {
            let (time, library) = try await BenchmarkRequest.seconds { try await LoadLibrary(registry: .files).run(config.library) }
            runs.append(time)
            outcome = library
        }
        let library = try #require(outcome)
        try BenchmarkRequest.write(
            Output(
                load: runs.min() ?? 0, runs: runs, albums: library.albums.count, artists: library.artists.count,
                skipped: library.sources.map(\.skipped).reduce(0, +), warnings: library.warnings.count))
    }
}
