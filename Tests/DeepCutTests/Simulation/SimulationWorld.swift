import DeepCutCore
import DeepCutFixtures
import DeepCutHTTP
import DeepCutNotify
import DeepCutTestKit
import Foundation
import Synchronization

@testable import DeepCut
@testable import DeepCutConfig
@testable import DeepCutPublish
@testable import DeepCutState

/// What one published snapshot file says, read as plain JSON so fields other branches add (`stale`) are seen.
struct SnapshotView: Sendable {
    struct Entry: Sendable, Hashable {
        var id: String
        var stale: Bool
    }

    var runID: String
    var complete: Bool
    var entries: [Entry]
    var incompleteArtists: [String]
    var since: String?
    var added: [String]
    /// The artist each added entry is credited to, as the snapshot says (a withdrawn release is no longer in the truth).
    var addedArtists: [String: String] = [:]
    var removed: [String]

    var ids: Set<String> { Set(entries.map(\.id)) }
}

extension SnapshotView {
    init?(file: URL) throws {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        runID = object["runID"] as? String ?? ""
        complete = object["complete"] as? Bool ?? false
        entries = (object["entries"] as? [[String: Any]] ?? []).map {
            Entry(id: $0["id"] as? String ?? "", stale: $0["stale"] as? Bool ?? false)
        }
        incompleteArtists = object["incompleteArtists"] as? [String] ?? []
        let changes = object["changes"] as? [String: Any] ?? [:]
        since = changes["since"] as? String
        let addedEntries = changes["added"] as? [[String: Any]] ?? []
        added = addedEntries.compactMap { $0["id"] as? String }
        for entry in addedEntries {
            if let id = entry["id"] as? String, let artist = entry["artist"] as? String { addedArtists[id] = artist }
        }
        removed = (changes["removed"] as? [[String: Any]] ?? []).compactMap { ($0["entry"] as? [String: Any])?["id"] as? String }
    }
}

/// The files a person or a monitor reads, as they were at one moment.
struct PublishedState: Sendable {
    /// Release ids of `feed.json`'s items (announcements left out).
    var feedIDs: Set<String>
    var current: SnapshotView?
    var latest: SnapshotView?
    var healthStatus: String?
    var healthRunID: String?
    var healthHasLastSkip: Bool
    var monitorState: HealthCheck.State
    var snapshotFiles: Set<String>
    /// feed.json, feed.atom, index.html, current.json, latest.json, byte for byte.
    var outputBytes: [String: Data]
}

/// One hourly run as the oracle sees it: what happened to the world, what the pipeline said, what it published.
struct RunObservation: Sendable {
    var hour: Int
    var today: Int
    var outage: OutageKind?
    var truncatedLibrary: Bool
    /// Artists whose requests answered 500 by design in this run.
    var faultedArtists: Set<String>
    /// Artists re-filed under a new id since their last definite answer (a cached id may now be stale), with the
    /// hour of the re-filing.
    var refiledArtists: [String: Int]
    var exitCode: Int32
    var stderrLine: String?
    var requests: [LoggedRequest]
    var before: PublishedState
    var after: PublishedState
    /// The truth at this run: release id → artist of every wanted release.
    var wanted: [String: String]
    var libraryArtists: Set<String>
    var releaseArtist: [String: String]
    var currentIDs: [String: String]
    var notes: [String]
    /// What the run's notification channel was sent (the digest items of every message it took).
    var told: [Digest.Item] = []
    /// The listening-history source answered 429 in this run by design.
    var sourceOutage = false
    /// The run's artist-source reports (`health.json` `artistSources`), when this run wrote them.
    var sourceReports: [ArtistSourceReport]?
    /// Artists the state keeps from the sources (pending and accepted) after the run.
    var listenedArtists = 0

    /// Artist ids a lookup of this run asked about.
    var lookedUpIDs: Set<String> {
        var ids: Set<String> = []
        for request in requests where request.route == "itunes.lookup" {
            for pair in request.query.split(separator: "&") where pair.hasPrefix("id=") {
                let value = pair.dropFirst(3).removingPercentEncoding ?? String(pair.dropFirst(3))
                ids.formUnion(value.split(separator: ",").map(String.init))
            }
        }
        return ids
    }

    /// Library artists of the catalog whose current id was looked up in this run.
    var askedArtists: Set<String> {
        let ids = lookedUpIDs
        return Set(currentIDs.filter { ids.contains($0.value) && libraryArtists.contains($0.key) }.keys)
    }

    var faultHit: Bool { requests.contains { $0.fault != nil } }
}

/// One user's machine: a loopback catalog, a library file, a config, a state database and an output folder,
/// driven hour by hour on a virtual clock through the real `Pipeline` and the real CLI commands.
final class SimulationWorld {
    static let ttlHours = 3.0
    /// 2026-06-01T00:05:00Z: hour `h` runs at this plus `h` hours.
    static let start = Date(timeIntervalSince1970: 1_780_272_300)

    private let folder = ScratchFolder()
    private let server: FixtureServer
    private let catalogURL: URL
    private let refusing: RefusingPort
    private(set) var truth: SimulationTruth
    private var outage: (kind: OutageKind, until: Int)?
    private var refiledSinceAnswer: [String: Int] = [:]
    private var sourceOutageUntil = 0
    /// The ListenBrainz user whose history the world's artist source reads.
    static let listener = "sim"

    init(seed: UInt64) throws {
        truth = SimulationTruth(seed: seed, today: Self.start.epochDay)
        server = FixtureServer(catalog: truth.fixtureCatalog)
        catalogURL = try server.start()
        refusing = try RefusingPort()
        // Three catalog artists and one the catalog never heard of; none reaches autoAcceptPlays, so all
        // stay pending and the oracle's model of what is swept is the library's.
        let names = truth.artists.prefix(3).map(\.name) + ["Sim Listening Only"]
        server.listening.setUser(Self.listener, .init(artists: names.enumerated().map { ($1, 60 - 10 * $0) }))
    }

    deinit { server.close() }

    private var feed: URL { folder.url.appendingPathComponent("feed") }
    private var configURL: URL { folder.url.appendingPathComponent("config.json") }

    /// Applies `events`, then runs `deepcut sweep --if-stale` at hour `hour` of virtual time.
    func run(hour: Int, events: [SimulationEvent]) async throws -> RunObservation {
        let now = Self.start.addingTimeInterval(Double(hour) * 3600)
        let today = now.epochDay
        var notes: [String] = []
        var faulted: [String: String] = [:]  // artist name → id
        var truncation: Int?
        if let active = outage, active.until <= hour { outage = nil }
        try writeConfig(baseURL: catalogURL)
        for event in events {
            switch event {
            case .outage(let kind, let hours): outage = (kind, hour + hours)
            case .artistFailure(let index): faulted[truth.artists[index].name] = truth.artists[index].id
            case .truncatedExport(let keep): truncation = keep
            case .artistSourceOutage(let hours): sourceOutageUntil = hour + hours
            case .dismiss(let pick):
                let items = try PublishedState.feedIDs(in: feed).sorted()
                guard !items.isEmpty else { continue }
                let id = items[pick % items.count]
                if await command(["dismiss", id]) == .success { truth.dismissed.insert(id) } else { notes.append("dismiss \(id) failed") }
            case .restore(let pick):
                let dismissed = truth.dismissed.sorted()
                guard !dismissed.isEmpty else { continue }
                let id = dismissed[pick % dismissed.count]
                if await command(["restore", id]) == .success { truth.dismissed.remove(id) } else { notes.append("restore \(id) failed") }
            case .refile(let index):
                truth.apply(event, today: today)
                refiledSinceAnswer[truth.artists[index].name] = hour
            default:
                truth.apply(event, today: today)
            }
        }
        server.replaceCatalog(truth.fixtureCatalog)
        let sourceOutage = hour < sourceOutageUntil
        server.listening.setRateLimited(sourceOutage)
        for id in faulted.values { server.setFault(Fault(.status(code: 500, body: nil)), forArtistID: id) }
        switch outage?.kind {
        case .refused?: try writeConfig(baseURL: refusing.url)
        case .serverError?: server.setCatalogFault(Fault(.serviceUnavailable(retryAfter: nil)))
        case .hang?: server.setCatalogFault(Fault(.hang))
        case .emptyAnswers?: server.setCatalogFault(Fault(.body(bytes: Array("{\"resultCount\":0,\"results\":[]}".utf8))))
        case nil: server.setCatalogFault(nil)
        }
        // Written after the events, so albums bought or removed this hour are in this run's export.
        try writeLibrary(truncation.map { truth.csv(keepArtists: $0) } ?? truth.csv())

        let before = try PublishedState(feed: feed, now: now)
        server.resetLog()
        let channel = RecordingChannel()
        let route = Notifier.Route(channel: channel, type: "webhook") { _ in true }
        let config = try ConfigLoader.load(from: configURL)
        let client = CurlHTTPClient(maximumConnectionsPerHost: config.catalog.concurrency)
        let pipeline = Pipeline(config: config, client: client, now: { now }, channels: [route])
        let report = await pipeline.run(SweepOptions(ifStale: true))
        // The source's requests are not the catalog's: the oracle's skip and sweep rules count only the catalog's.
        let requests = server.requestLog.filter { !$0.route.hasPrefix("listenbrainz.") }
        let after = try PublishedState(feed: feed, now: now)
        let health = (try? HealthReport.load(outputDirectory: feed)) ?? nil
        let store = try await StateStore(url: config.stateDatabase)
        let listened = try await store.perform { try $0.listened.all(.pending).count + $0.listened.all(.accepted).count }

        for id in faulted.values { server.setFault(nil, forArtistID: id) }
        server.setCatalogFault(nil)
        let observation = RunObservation(
            hour: hour, today: today, outage: outage?.kind, truncatedLibrary: truncation != nil,
            faultedArtists: Set(faulted.keys), refiledArtists: refiledSinceAnswer, exitCode: report.exitCode.rawValue,
            stderrLine: report.stderrLine, requests: requests, before: before, after: after, wanted: truth.wanted(today: today),
            libraryArtists: truth.libraryArtists, releaseArtist: truth.artistOfRelease,
            currentIDs: Dictionary(truth.artists.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first }), notes: notes,
            told: channel.told, sourceOutage: sourceOutage,
            sourceReports: health?.runID == RunID(now) ? health?.artistSources : nil, listenedArtists: listened)
        // A re-filed artist is settled once a complete run answered it under its new id.
        if report.exitCode == .success { for artist in observation.askedArtists { refiledSinceAnswer[artist] = nil } }
        return observation
    }

    /// Runs one CLI command in process against this world's config.
    private func command(_ words: [String]) async -> ExitCode {
        let console = CapturedConsole()
        return await DeepCutCLI.run(words + ["--config", configURL.path], environment: [:], console: console.console, httpClient: nil)
    }

    private func writeLibrary(_ csv: String) throws {
        try folder.write("library.csv", csv)
    }

    private func writeConfig(baseURL: URL) throws {
        try folder.write(
            "config.json",
            """
            {"library": [{"format": "csv", "path": "library.csv"}],
             "catalog": {"baseURL": "\(baseURL.absoluteString)", "concurrency": 4, "timeoutSeconds": 1, "maxAttempts": 1,
                         "requestsPerMinute": 600000},
             "feed": {"windowDays": \(SimulationTruth.windowDays)},
             "stateDatabase": "state/state.db", "outputDirectory": "feed", "keepSnapshots": 5, "ttlHours": \(Self.ttlHours),
             "artistSources": [{"kind": "listenbrainz", "user": "\(Self.listener)", "baseURL": "\(catalogURL.absoluteString)", "minPlays": 5}],
             "autoAcceptPlays": 1000}
            """)
    }
}

extension PublishedState {
    init(feed: URL, now: Date) throws {
        let folder = OutputFolder(feed)
        feedIDs = try Self.feedIDs(in: feed)
        current = try SnapshotView(file: feed.appendingPathComponent("current.json"))
        latest = try SnapshotView(file: folder.latest)
        let healthFile = feed.appendingPathComponent("health.json")
        if FileManager.default.fileExists(atPath: healthFile.path) {
            let health = try JSONSerialization.jsonObject(with: Data(contentsOf: healthFile)) as? [String: Any] ?? [:]
            healthStatus = health["status"] as? String
            healthRunID = health["runID"] as? String
            healthHasLastSkip = health["lastSkip"] != nil
        } else {
            healthStatus = nil
            healthRunID = nil
            healthHasLastSkip = false
        }
        let report: HealthReport?
        do {
            report = try HealthReport.load(outputDirectory: feed)
        } catch {
            report = nil  // `deepcut health` reports an unreadable report as UNKNOWN; so does the monitor here.
        }
        let baseline: Baseline?
        do {
            baseline = try Baseline.read(outputDirectory: feed)
        } catch {
            baseline = nil
        }
        monitorState = HealthCheck(ttlHours: SimulationWorld.ttlHours).evaluate(report: report, baseline: baseline, now: now).state
        let snapshots = feed.appendingPathComponent("snapshots")
        snapshotFiles =
            FileManager.default.fileExists(atPath: snapshots.path)
            ? Set(try FileManager.default.contentsOfDirectory(atPath: snapshots.path)) : []
        var bytes: [String: Data] = [:]
        for name in ["feed.json", "feed.atom", "index.html", "current.json", "latest.json"] {
            let file = feed.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: file.path) { bytes[name] = try Data(contentsOf: file) }
        }
        outputBytes = bytes
    }

    /// Release ids of the items of `feed.json`, announcements (`…/upcoming`) left out.
    static func feedIDs(in feed: URL) throws -> Set<String> {
        let file = feed.appendingPathComponent("feed.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        let ids = (object["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        return Set(ids.filter { !$0.hasSuffix("/upcoming") }.compactMap { $0.split(separator: "/").last.map(String.init) })
    }
}

/// The simulation's notification channel: the network edge, so a double; it takes every message
/// and keeps the items (the original keys, as the ledger records them).
final class RecordingChannel: NotificationChannel {
    let name = "sim"
    private let received = Mutex<[Digest.Item]>([])

    var told: [Digest.Item] { received.withLock { $0 } }

    func deliver(_ message: DigestMessage) async throws(DeliveryError) {
        received.withLock { $0 += message.items }
    }
}
