import DeepCutCore
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutHTTP
@testable import DeepCutSweep

/// Measurement 1: the sweep's sliding window (`SweepCatalog`, as the pipeline runs it) against
/// lockstep chunks (`LockstepWindow`) over the same schedule, provider and HTTP client, against
/// a fixture server with seeded lognormal latency. No rate limit, no resolution cache.
@Suite(.enabled(if: BenchmarkRequest.wants("scheduling")))
struct SchedulingBenchmark {
    struct Input: Decodable {
        var baseURL: URL
        var artists: [String]
        var width: Int
        /// "sliding" or "lockstep".
        var scheduler: String
    }

    struct Output: Encodable {
        var wall: Double
        var fetched: Int
        var failed: Int
    }

    @Test func sweep() async throws {
        let input = try BenchmarkRequest.input(Input.self)
        let catalog = CatalogConfig(
            provider: .itunes, baseURL: input.baseURL, concurrency: input.width,
            requestsPerMinute: 1_000_000)
        let provider = try CatalogProviderFactory.make(catalog, client: CurlHTTPClient(maximumConnectionsPerHost: input.width))
        let outcomes: [ArtistOutcome]
        let wall: Double
        switch input.scheduler {
        case "sliding":
            (wall, outcomes) = try await BenchmarkRequest.seconds {
                try await SweepCatalog(provider: provider, concurrency: input.width).run(artists: input.artists).results.map(\.outcome)
            }
        case "lockstep":
            (wall, outcomes) = await BenchmarkRequest.seconds { await Self.lockstep(input.artists, provider: provider, width: input.width) }
        default:
            Issue.record("unknown scheduler \(input.scheduler)")
            return
        }
        try BenchmarkRequest.write(
            Output(
                wall: wall, fetched: outcomes.filter { if case .fetched = $0 { true } else { false } }.count,
                failed: outcomes.filter { !$0.isDefinite }.count))
    }

    /// `SweepCatalog.run`'s jobs, run in lockstep chunks instead of the sliding window.
    static func lockstep(_ artists: [String], provider: any CatalogProvider, width: Int) async -> [ArtistOutcome] {
        var schedule = SweepSchedule(names: artists, known: [:], batchLimit: provider.releaseBatchLimit, resolvedAt: Date())
        let resolver = ArtistResolver(provider: provider, ownedKeys: [])
        await LockstepWindow(width: width).run(&schedule) { job in
            let answer: SweepJob.Answer =
                switch job {
                case .resolve(let index, let name): .resolved(index: index, name: name, await resolver.resolve(name))
                case .fetch(let members): .fetched(members, await provider.listings(ofEach: members.map(\.artist)))
                }
            return (answer, 0)
        }
        return artists.indices.map { schedule.finalOutcome($0, stop: .cancelled, reachedDeadline: false) }
    }
}
