import DeepCutCore
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutHTTP
@testable import DeepCutLibrary
@testable import DeepCutPublish
@testable import DeepCutState

/// Measurement 4's per-stage times: the offline run's stages, one at a time, on a copy of the
/// state a real run left (its catalog memory holds every artist's releases).
@Suite(.enabled(if: BenchmarkRequest.wants("scale")))
struct ScaleBenchmark {
    struct Input: Decodable {
        var config: String
        var state: String
        var scratch: String
    }

    struct Output: Encodable {
        var library: Double
        /// What a run reads back: every release without its artwork and catalog URLs.
        var catalogFromMemory: Double
        /// The same read with the links, as runs read it before (for comparison).
        var catalogFromMemoryWithLinks: Double
        /// Resident bytes each read added, both held (the read with links first, so any memory freed
        /// earlier serves it, not the lean read).
        var catalogFromMemoryBytes: Int
        var catalogFromMemoryWithLinksBytes: Int
        var dismissals: Double
        /// The fastest of three runs.
        var diff: Double
        var diffRuns: [Double]
        var publish: Double
        var releases: Int
        var libraryAlbums: Int
        var dismissed: Int
        var entries: Int
        var dropped: [String: Int]
    }

    /// This process's resident set, from `/proc/self/statm` (pages).
    static func residentBytes() throws -> Int {
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func stages() async throws {
        let input = try BenchmarkRequest.input(Input.self)
        let scratch = URL(fileURLWithPath: input.scratch)
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let stateCopy = scratch.appendingPathComponent("state.db")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: input.state), to: stateCopy)
        var config = try ConfigLoader.load(from: URL(fileURLWithPath: input.config))
        config.stateDatabase = stateCopy
        config.outputDirectory = scratch.appendingPathComponent("feed")
        let store = try await StateStore(url: config.stateDatabase)
        let started = Date()

        let (libraryTime, library) = try await BenchmarkRequest.seconds {
            try await LoadLibrary(registry: .files).run(config.library).including(try await store.perform { try $0.owned.all() })
        }
        let artists = library.artists
        func readBack(_ links: CatalogMemory.LinkReading) async throws -> (seconds: Double, bytes: Int, sweep: SweepOutcome) {
            let before = try Self.residentBytes()
            let (time, sweep) = try await BenchmarkRequest.seconds {
                let remembered = try await store.perform {
                    try $0.memory.results(provider: "itunes", artists: artists, checkedSince: .distantPast, links: links)
                }
                return SweepOutcome(provider: "itunes", results: artists.compactMap { remembered[$0] })
            }
            return (time, try Self.residentBytes() - before, sweep)
        }
        let withLinks = try await readBack(.included)
        let (linkedTime, linkedBytes) = (withLinks.seconds, withLinks.bytes)
        let (memoryTime, memoryBytes, sweep) = try await readBack(.omitted)
        withExtendedLifetime(withLinks) {}
        let (dismissalsTime, dismissed) = try await BenchmarkRequest.seconds { try await store.perform { try $0.dismissals.keys() } }
        // Artist by artist, as the pipeline hands them to the diff (`ConsideredReleases`), never one flat list.
        let chunks = sweep.results.map(\.outcome.releases)
        let releaseCount = chunks.reduce(0) { $0 + $1.count }
        let owned = Set(library.albums.map(\.key))
        let diff = Diff(types: config.feed.types, windowDays: config.feed.windowDays, newBy: config.feed.newBy)
        var diffRuns: [Double] = []
        var result: FeedDiff?
        for _ in 0..<3 {
            let (time, outcome) = await BenchmarkRequest.seconds {
                // As run B's pipeline runs it: no baseline, so no drop reason is kept (`explaining`).
                diff(chunks: chunks, owned: owned, dismissed: dismissed, today: started.epochDay, explaining: [])
            }
            diffRuns.append(time)
            result = outcome
        }
        let feed = try #require(result)
        let (publishTime, _) = try await BenchmarkRequest.seconds {
            let snapshot = Snapshot(runID: RunID(started), generatedAt: Date(), sweep: sweep, diff: feed)
            let publish = Publish(outputDirectory: config.outputDirectory, keepSnapshots: config.keepSnapshots)
            let context = PublishContext(feedEntries: config.publish.feedEntries)
            let outcome = try publish(snapshot, context: context)
            try publish.writePage(snapshot, context: context, baseline: outcome.baseline)
            return outcome
        }
        try BenchmarkRequest.write(
            Output(
                library: libraryTime, catalogFromMemory: memoryTime, catalogFromMemoryWithLinks: linkedTime,
                catalogFromMemoryBytes: memoryBytes, catalogFromMemoryWithLinksBytes: linkedBytes, dismissals: dismissalsTime,
                diff: diffRuns.min() ?? 0,
                diffRuns: diffRuns, publish: publishTime, releases: releaseCount, libraryAlbums: library.albums.count,
                dismissed: dismissed.count, entries: feed.entries.count,
                dropped: Dictionary(uniqueKeysWithValues: feed.dropped.map { ($0.key.rawValue, $0.value) })))
    }
}
