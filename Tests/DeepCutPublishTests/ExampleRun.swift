import DeepCutCore
import Foundation

@testable import DeepCutPublish

/// A realistic run for the committed examples and the screenshots: a partial sweep of a 212-artist
/// library (four artists failed, one was cut off by the deadline), 18 new releases of every type,
/// one with other editions, one without artwork, a right-to-left title, and 30 runs of history
/// with a failed run and a few partial ones.
///
/// Artwork lives under `http://artwork.example/`, a reserved name that `scripts/screenshot` points
/// at a local server, so the pictures show without the internet.
enum ExampleRun {
    static let runDate = PublishFixtures.runDate
    static let runID = RunID(runDate)
    static let baseURL = URL(string: "https://music.example.org/deepcut/")!

    /// The last complete snapshot, 26 hours before this run.
    static let baseline = Snapshot(
        runID: RunID(runDate.addingTimeInterval(-26 * 3_600)),
        generatedAt: runDate.addingTimeInterval(-26 * 3_600 + 247), complete: true,
        provider: "itunes", artists: ArtistCounts(total: 212, fetched: 210, notFound: 2),
        incompleteArtists: [], entries: Array(entries.dropFirst(2)))

    static let snapshot = Snapshot(
        runID: runID, generatedAt: runDate.addingTimeInterval(251), sweep: sweep,
        diff: FeedDiff(entries: entries, dropped: dropped, considered: 1_873))

    static let dropped: [DropReason: Int] = [
        .owned: 1_402, .dismissed: 31, .unwantedType: 0, .outsideWindow: 388,
        .notYetReleased: 6, .undated: 1, .folded: 27
    ]

    static let sweep: SweepOutcome = {
        // Artists whose releases all fell outside the feed (the diff's counts above are the whole library's).
        var results = (1...205).map { number in
            let old = Release(
                id: "17000\(number)", title: "Early Work", artist: "Library Artist \(number)", type: .album,
                releaseDate: ReleaseDate(year: 2011, month: 5, day: 2))
            return ArtistResult(artist: "Library Artist \(number)", outcome: .fetched([old]), requests: 2)
        }
        results += [
            ArtistResult(
                artist: "Khruangbin",
                outcome: .failed(
                    FetchFailure(
                        kind: .rateLimited, httpStatus: 403, attempts: 3,
                        message: "HTTP 403 with an empty body: the catalog is rate limiting")), requests: 3),
            ArtistResult(
                artist: "Four Tet",
                outcome: .failed(
                    FetchFailure(
                        kind: .rateLimited, httpStatus: 429, attempts: 3,
                        message: "HTTP 429 Too Many Requests")), requests: 3),
            ArtistResult(
                artist: "Caribou",
                outcome: .failed(
                    FetchFailure(
                        kind: .timeout, attempts: 3,
                        message: "no complete answer within 20 s")), requests: 3),
            ArtistResult(
                artist: "Bonobo",
                outcome: .failed(
                    FetchFailure(
                        kind: .http, httpStatus: 503, attempts: 3,
                        message: "HTTP 503 Service Unavailable")), requests: 3),
            ArtistResult(artist: "Jon Hopkins", outcome: .skipped(.deadline)),
            ArtistResult(artist: "The Unknowns", outcome: .notFound, requests: 1),
            ArtistResult(artist: "Nobody In Particular", outcome: .notFound, requests: 1)
        ]
        return SweepOutcome(provider: "itunes", results: results)
    }()

    static let entries: [FeedEntry] = [
        entry(
            "1771000001", "Cascade II", "Floating Points", .album, "2026-11-27",
            alternates: [
                FeedAlternate(id: "1771000002", title: "Cascade II (Clean)", url: "https://music.example.com/album/1771000002"),
                FeedAlternate(id: "1771000003", title: "Cascade II (Deluxe Edition)", url: "https://music.example.com/album/1771000003")
            ]),
        entry("1771000011", "Night Swimming", "Kelly Lee Owens", .single, "2026-11-26"),
        entry("1771000021", "Wintergarten", "Nils Frahm", .album, "2026-11-21"),
        entry("1771000031", "Isles Revisited", "Bicep", .ep, "2026-11-20"),
        entry("1771000041", "ليالي الصيف", "فيروز", .compilation, "2026-11-14"),
        entry("1771000051", "Lottie", "Little Simz", .single, "2026-11-13"),
        entry("1771000061", "In Colour (10th Anniversary)", "Jamie xx", .album, "2026-11-07"),
        entry("1771000071", "Lahai Live at the Barbican", "Sampha", .album, "2026-11-06"),
        entry("1771000081", "some kind of peace, again", "Ólafur Arnalds", .ep, "2026-10-31"),
        entry("1771000091", "Talk Memory Vol. 2", "BADBADNOTGOOD", .album, "2026-10-30", artwork: false),
        entry("1771000101", "Græ (Remixes)", "Moses Sumney", .ep, "2026-10-24"),
        entry("1771000111", "Black Classical Music — Live", "Yussef Dayes", .album, "2026-10-23"),
        entry("1771000121", "Odyssey", "Nubya Garcia", .single, "2026-10-17"),
        entry("1771000131", "Funeral 2", "Mdou Moctar", .album, "2026-10-10"),
        entry("1771000141", "trip9love…???", "Tirzah", .single, "2026-10-09"),
        entry("1771000151", "Gentle Confrontation II", "Loraine James", .album, "2026-10"),
        entry("1771000161", "Mood Valiant Deluxe", "Hiatus Kaiyote", .album, "2026-09-25"),
        entry("1771000171", "Soft Launch", "Kelly Lee Owens", .single, "2026-09-19")
    ]

    private static func entry(
        _ id: String, _ title: String, _ artist: String, _ type: RecordingType, _ date: String,
        artwork: Bool = true, alternates: [FeedAlternate] = []
    ) -> FeedEntry {
        FeedEntry(
            id: id, key: AlbumKey(title: title, artist: artist), title: title, artist: artist, type: type,
            releaseDate: ReleaseDate(iso: date)!, artworkURL: artwork ? "http://artwork.example/\(id).svg" : nil,
            url: "https://music.example.com/album/\(id)", alternates: alternates)
    }

    /// The report as the pipeline has it when publishing starts: the publish stage not yet run.
    static let reportBeforePublish = HealthReport(
        runID: runID, startedAt: runDate, finishedAt: runDate.addingTimeInterval(251), status: .partial, exitCode: .partial,
        library: .init(
            status: .ok, albums: 1_204, artists: 212,
            sources: [
                .init(source: "library.csv", format: "csv", albums: 380, warnings: 2),
                .init(source: "Library.xml", format: "itunes-xml", albums: 824, warnings: 0)
            ],
            warnings: ["library.csv:88: empty artist, row skipped", "library.csv:412: empty title, row skipped"]),
        sweep: .init(sweep), diff: .init(FeedDiff(entries: entries, dropped: dropped, considered: 1_873)))

    /// Thirty daily runs ending with this one: mostly complete, a few partial, one failed.
    static let history: [RunHistoryEntry] = (0..<30).map { day in
        let started = runDate.addingTimeInterval(Double(day - 29) * 86_400)
        let partialFailures = [6: 3, 18: 1, 29: 4]
        let status: RunStatus = day == 11 ? .failed : partialFailures[day] != nil ? .partial : .complete
        let failed = status == .failed ? 212 : partialFailures[day] ?? 0
        let entries = status == .failed ? 0 : day == 29 ? 18 : 9 + (day * 7) % 11
        let duration = status == .failed ? 46 : 228 + Double((day * 37) % 23) * 3 + Double(failed) * 9
        let exitCode: ExitCode =
            switch status {
            case .complete, .skipped: .success
            case .partial: .partial
            case .failed: .tempFail
            }
        return RunHistoryEntry(
            runID: RunID(started).rawValue, startedAt: started, finishedAt: started.addingTimeInterval(duration),
            status: status, exitCode: exitCode, durationSeconds: duration, artistsTotal: 212,
            artistsFailed: failed, entries: entries, requests: 424 + failed * 3)
    }

    /// Publishes the baseline, then this run, into `folder` as the pipeline would, and writes the
    /// health files from the finished report.
    /// - Returns: the final health report.
    @discardableResult
    static func publish(into folder: URL) throws -> HealthReport {
        _ = try Publish(outputDirectory: folder, keepSnapshots: 30, now: { baseline.generatedAt })(baseline)
        let publish = Publish(outputDirectory: folder, keepSnapshots: 30, now: { runDate.addingTimeInterval(252) })
        let outcome = try publish(snapshot, context: PublishContext(health: reportBeforePublish, history: history, baseURL: baseURL))
        var report = reportBeforePublish
        report.publish = HealthReport.PublishStage(outcome)
        try publish.writePage(
            snapshot, context: PublishContext(health: report, history: history, baseURL: baseURL), baseline: outcome.baseline)
        report.publish.wrote.append("index.html")
        try HealthWriter.write(report, to: folder)
        return report
    }
}
