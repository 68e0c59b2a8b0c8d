import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutConfig
@testable import DeepCutPublish
@testable import DeepCutState
@testable import DeepCutSweep

@Suite struct PrometheusTextfileTests {
    private let scratch = ScratchFolder()

    private static let started = Date(timeIntervalSince1970: 1_795_953_600)

    private static func report(status: RunStatus, artists: ArtistCounts, requests: Int, entries: Int) -> HealthReport {
        HealthReport(
            runID: RunID(started), startedAt: started, finishedAt: started.addingTimeInterval(41.2504), status: status,
            exitCode: status.exitCode,
            sweep: HealthReport.SweepStage(
                status: status == .complete ? .ok : .failed, provider: "itunes", artists: artists,
                requests: requests, incompleteArtists: [], failures: []),
            diff: status == .failed ? .notRun : HealthReport.DiffStage(status: .ok, considered: 90, entries: entries, dropped: [:]))
    }

    private static let complete = report(
        status: .complete, artists: ArtistCounts(total: 200, fetched: 198, notFound: 2),
        requests: 412, entries: 37)
    private static let failed = report(
        status: .failed, artists: ArtistCounts(total: 200, failed: 199, skipped: 1),
        requests: 597, entries: 0)

    @Test func completeRun() {
        let text = PrometheusTextfile.render(Self.complete, provider: "itunes", previousSuccess: Date(timeIntervalSince1970: 1_795_867_241))
        #expect(
            text == """
                # HELP deepcut_last_run_timestamp_seconds Unix time the last sweep finished.
                # TYPE deepcut_last_run_timestamp_seconds gauge
                deepcut_last_run_timestamp_seconds 1795953641
                # HELP deepcut_last_success_timestamp_seconds Unix time the last complete sweep finished (0: none recorded).
                # TYPE deepcut_last_success_timestamp_seconds gauge
                deepcut_last_success_timestamp_seconds 1795953641
                # HELP deepcut_last_run_duration_seconds How long the last sweep took.
                # TYPE deepcut_last_run_duration_seconds gauge
                deepcut_last_run_duration_seconds 41.25
                # HELP deepcut_sweep_complete 1 when the last sweep has an answer for every library artist, else 0.
                # TYPE deepcut_sweep_complete gauge
                deepcut_sweep_complete 1
                # HELP deepcut_artists Library artists by how the last sweep ended for them.
                # TYPE deepcut_artists gauge
                deepcut_artists{state="fetched"} 198
                deepcut_artists{state="notFound"} 2
                deepcut_artists{state="failed"} 0
                deepcut_artists{state="skipped"} 0
                # HELP deepcut_last_run_status 1 for how the last sweep ended (complete, partial or failed), 0 for the others.
                # TYPE deepcut_last_run_status gauge
                deepcut_last_run_status{status="complete"} 1
                deepcut_last_run_status{status="partial"} 0
                deepcut_last_run_status{status="failed"} 0
                # HELP deepcut_feed_entries Releases feed.json holds after the last sweep (a failed sweep leaves the previous feed; announcements apart).
                # TYPE deepcut_feed_entries gauge
                deepcut_feed_entries 37
                # HELP deepcut_requests Catalog HTTP requests the last sweep made, retries included.
                # TYPE deepcut_requests gauge
                deepcut_requests{provider="itunes"} 412

                """ + Self.laterSeries)
    }

    @Test func failedRunKeepsThePreviousSuccess() {
        // The failed run published nothing: feed.json still holds the 17 items of the run before.
        let text = PrometheusTextfile.render(
            Self.failed, provider: "itunes", previousSuccess: Date(timeIntervalSince1970: 1_795_867_241.9), feedEntries: .entries(17))
        #expect(
            text == """
                # HELP deepcut_last_run_timestamp_seconds Unix time the last sweep finished.
                # TYPE deepcut_last_run_timestamp_seconds gauge
                deepcut_last_run_timestamp_seconds 1795953641
                # HELP deepcut_last_success_timestamp_seconds Unix time the last complete sweep finished (0: none recorded).
                # TYPE deepcut_last_success_timestamp_seconds gauge
                deepcut_last_success_timestamp_seconds 1795867241
                # HELP deepcut_last_run_duration_seconds How long the last sweep took.
                # TYPE deepcut_last_run_duration_seconds gauge
                deepcut_last_run_duration_seconds 41.25
                # HELP deepcut_sweep_complete 1 when the last sweep has an answer for every library artist, else 0.
                # TYPE deepcut_sweep_complete gauge
                deepcut_sweep_complete 0
                # HELP deepcut_artists Library artists by how the last sweep ended for them.
                # TYPE deepcut_artists gauge
                deepcut_artists{state="fetched"} 0
                deepcut_artists{state="notFound"} 0
                deepcut_artists{state="failed"} 199
                deepcut_artists{state="skipped"} 1
                # HELP deepcut_last_run_status 1 for how the last sweep ended (complete, partial or failed), 0 for the others.
                # TYPE deepcut_last_run_status gauge
                deepcut_last_run_status{status="complete"} 0
                deepcut_last_run_status{status="partial"} 0
                deepcut_last_run_status{status="failed"} 1
                # HELP deepcut_feed_entries Releases feed.json holds after the last sweep (a failed sweep leaves the previous feed; announcements apart).
                # TYPE deepcut_feed_entries gauge
                deepcut_feed_entries 17
                # HELP deepcut_requests Catalog HTTP requests the last sweep made, retries included.
                # TYPE deepcut_requests gauge
                deepcut_requests{provider="itunes"} 597

                """ + Self.laterSeries)
    }

    @Test func everySeriesIsPresentWhenNothingIsKnown() {
        let stopped = HealthReport(
            runID: RunID(Self.started), startedAt: Self.started, finishedAt: Self.started, status: .failed,
            exitCode: .config)
        let samples = PrometheusTextfile.render(stopped, provider: "musicbrainz", previousSuccess: nil)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(
            samples == [
                "deepcut_last_run_timestamp_seconds 1795953600",
                "deepcut_last_success_timestamp_seconds 0",
                "deepcut_last_run_duration_seconds 0.0",
                "deepcut_sweep_complete 0",
                #"deepcut_artists{state="fetched"} 0"#,
                #"deepcut_artists{state="notFound"} 0"#,
                #"deepcut_artists{state="failed"} 0"#,
                #"deepcut_artists{state="skipped"} 0"#,
                #"deepcut_last_run_status{status="complete"} 0"#,
                #"deepcut_last_run_status{status="partial"} 0"#,
                #"deepcut_last_run_status{status="failed"} 1"#,
                "deepcut_feed_entries 0",
                #"deepcut_requests{provider="musicbrainz"} 0"#
            ] + FailureKind.allCases.map { #"deepcut_artist_failures{kind=""# + $0.rawValue + #""} 0"# } + [
                "deepcut_library_albums 0",
                "deepcut_library_artists 0",
                #"deepcut_build_info{version="\#(DeepCutCLI.version)"} 1"#
            ])
    }

    /// The series after `deepcut_requests` for a report with no failures, no library stage and
    /// no unresolved artist.
    static let laterSeries = """
        # HELP deepcut_artist_failures Artists the last sweep could not check, by failure kind.
        # TYPE deepcut_artist_failures gauge
        deepcut_artist_failures{kind="rateLimited"} 0
        deepcut_artist_failures{kind="http"} 0
        deepcut_artist_failures{kind="timeout"} 0
        deepcut_artist_failures{kind="transport"} 0
        deepcut_artist_failures{kind="decoding"} 0
        deepcut_artist_failures{kind="cancelled"} 0
        deepcut_artist_failures{kind="suddenlyEmpty"} 0
        # HELP deepcut_library_albums Albums in the library the last sweep read (owned ones included).
        # TYPE deepcut_library_albums gauge
        deepcut_library_albums 0
        # HELP deepcut_library_artists Library artists the last sweep read.
        # TYPE deepcut_library_artists gauge
        deepcut_library_artists 0
        # HELP deepcut_artist_unresolved 1 for each library artist not found in the catalog or ambiguous among namesakes (pin it with artistOverrides).
        # TYPE deepcut_artist_unresolved gauge
        # HELP deepcut_build_info The deepcut version that wrote these metrics.
        # TYPE deepcut_build_info gauge
        deepcut_build_info{version="\(DeepCutCLI.version)"} 1

        """

    /// Quote and backslash escaped; line breaks of any kind (LF, NEL, U+2028, U+2029) and other
    /// controls are spaces and bidi controls gone, by the one cleaning rule of every text output.
    @Test func labelValuesAreCleanedAndEscaped() {
        #expect(PrometheusTextfile.labelValue("a\"b\\c\nd") == #"a\"b\\c d"#)
        #expect(PrometheusTextfile.labelValue("Line\u{2028}Para\u{2029}Next\u{85}End\u{202E}") == "Line Para Next End")
    }

    /// No feed yet holds nothing; a feed.json that cannot be read has no count (NaN), never the
    /// 0 of an empty feed: a failure is not data.
    @Test func theFeedsCountIsZeroWithoutAFeedAndNaNWhenItCannotBeRead() throws {
        #expect(PrometheusTextfile.FeedCount.read(outputDirectory: scratch.url) == .entries(0))
        try scratch.write("feed.json", "{\"items\": [")
        let unreadable = PrometheusTextfile.FeedCount.read(outputDirectory: scratch.url)
        #expect(unreadable == .unreadable)
        let text = PrometheusTextfile.render(Self.failed, provider: "itunes", previousSuccess: nil, feedEntries: unreadable)
        #expect(text.contains("\ndeepcut_feed_entries NaN\n"), "\(text)")
    }

    // MARK: - The file

    @Test func writesAtomicallyCreatingTheFolder() throws {
        let url = scratch.url.appendingPathComponent("metrics/deepcut.prom")
        let textfile = PrometheusTextfile(url: url)
        try textfile.write(Self.failed, provider: "itunes", previousSuccess: nil)
        try textfile.write(Self.complete, provider: "itunes", previousSuccess: nil)

        #expect(
            try String(contentsOf: url, encoding: .utf8)
                == PrometheusTextfile.render(Self.complete, provider: "itunes", previousSuccess: nil))
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["deepcut.prom"])
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test func anUnwritableTargetFailsWithoutLeavingTemporaries() throws {
        let blocker = try scratch.write("metrics", "a file where the folder should be")
        let textfile = PrometheusTextfile(url: blocker.appendingPathComponent("deepcut.prom"))
        #expect(throws: OutputError.self) { try textfile.write(Self.complete, provider: "itunes", previousSuccess: nil) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["metrics"])
    }

    // MARK: - Last success from the run history

    @Test func lastSuccessIsTheNewestCompleteRun() async throws {
        try await StateStore(url: scratch.url.appendingPathComponent("state.db")).perform { store throws in
            #expect(try store.runs.lastCompleteFinish() == nil)
            let day = 86_400.0
            for (offset, status) in [
                (0.0, RunStatus.complete), (day, .complete), (2 * day, .partial), (3 * day, .failed), (4 * day, .skipped)
            ] {
                let started = Self.started.addingTimeInterval(offset)
                try store.runs.record(
                    RunHistoryEntry(
                        runID: RunID(started).rawValue, startedAt: started, finishedAt: started.addingTimeInterval(60),
                        status: status, exitCode: status.exitCode, durationSeconds: 60, artistsTotal: 1,
                        artistsFailed: 0, entries: 0, requests: 1))
            }
            #expect(try store.runs.lastCompleteFinish() == Self.started.addingTimeInterval(day + 60))
        }
    }

    // MARK: - Publishing a run

    private func config(textfile: URL?) -> Config {
        var config = Config(
            file: scratch.url.appendingPathComponent("config.json"),
            library: [LibrarySource(format: .csv, path: scratch.url.appendingPathComponent("library.csv"))],
            catalog: CatalogConfig(), feed: FeedConfig(), stateDatabase: scratch.url.appendingPathComponent("state.db"),
            outputDirectory: scratch.url.appendingPathComponent("feed"))
        config.prometheusTextfile = textfile
        return config
    }

    @Test func publishTakesTheLastSuccessFromTheHistory() async throws {
        let url = scratch.url.appendingPathComponent("metrics/deepcut.prom")
        let store = try await StateStore(url: scratch.url.appendingPathComponent("state.db"))
        let earlier = Self.started.addingTimeInterval(-86_400)
        try await store.perform { store in
            try store.runs.record(
                RunHistoryEntry(
                    runID: RunID(earlier).rawValue, startedAt: earlier, finishedAt: earlier.addingTimeInterval(30),
                    status: .complete, exitCode: .success, durationSeconds: 30, artistsTotal: 200,
                    artistsFailed: 0, entries: 36, requests: 400))
        }

        try await PrometheusTextfile.publish(Self.failed, config: config(textfile: url), store: store)

        #expect(
            try String(contentsOf: url, encoding: .utf8)
                == PrometheusTextfile.render(Self.failed, provider: "itunes", previousSuccess: earlier.addingTimeInterval(30)))
    }

    @Test func publishWritesNothingForASkipOrWithoutTheKey() async throws {
        let url = scratch.url.appendingPathComponent("deepcut.prom")
        var skipped = Self.complete
        skipped.status = .skipped
        try await PrometheusTextfile.publish(skipped, config: config(textfile: url), store: nil)
        try await PrometheusTextfile.publish(Self.complete, config: config(textfile: nil), store: nil)
        #expect(!FileManager.default.fileExists(atPath: url.path))

        try await PrometheusTextfile.publish(Self.complete, config: config(textfile: url), store: nil)
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    // MARK: - Config

    @Test func configKeyResolvesAgainstTheConfigFolder() throws {
        let library = #""library": [{"format": "csv", "path": "library.csv"}]"#
        let relative = try ConfigLoader.load(from: scratch.write("a.json", #"{\#(library), "prometheusTextfile": "metrics/deepcut.prom"}"#))
        #expect(relative.prometheusTextfile == scratch.url.appendingPathComponent("metrics/deepcut.prom").standardizedFileURL)
        let absolute = try ConfigLoader.load(
            from: scratch.write("b.json", #"{\#(library), "prometheusTextfile": "/var/lib/deepcut/deepcut.prom"}"#))
        #expect(absolute.prometheusTextfile?.path == "/var/lib/deepcut/deepcut.prom")
        #expect(try ConfigLoader.load(from: scratch.write("c.json", "{\(library)}")).prometheusTextfile == nil)
        #expect(throws: ConfigError.self) {
            try ConfigLoader.load(from: scratch.write("d.json", #"{\#(library), "prometheusTextfile": ""}"#))
        }
    }
}
