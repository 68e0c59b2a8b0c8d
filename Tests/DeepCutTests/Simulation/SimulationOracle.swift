import Foundation

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutPublish
@testable import DeepCutSweep

/// The promises the simulation checks after every run (issue 13), written against the SPEC's rules.
enum SimulationInvariant: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// An item of feed.json that is still truly in the catalog and still wanted stays in feed.json, whatever failed.
    case noLoss
    /// latest.json changes only after an honest complete run (catalog healthy in this run, every artist answered).
    case baselineHonest
    /// Exit code and health agree with what happened: outage → failed/75/CRITICAL, one artist failing →
    /// partial/3, healthy → complete/0, skip → 0 with the last real report kept.
    case statusAgrees
    /// The snapshot and its change set agree with the oracle's model.
    case changesAgree
    /// Nothing counted as new (`changes.added`) was already there at the previous baseline.
    case nothingOldIsNew
    /// Nothing is told twice; nothing seen before (in an earlier run's feed) is told as new (issue 27).
    case toldOnce
    /// An artist source that fails keeps its last good import and the report says so; it recovers (issue 33).
    case sourcesKept

    var description: String {
        switch self {
        case .noLoss: "(1) no published item lost because of a failure"
        case .baselineHonest: "(2) the baseline changes only after an honest complete run"
        case .statusAgrees: "(3) health status and exit code agree with what happened"
        case .changesAgree: "(4) change sets agree with the oracle's"
        case .nothingOldIsNew: "(5) nothing counted as new is old"
        case .toldOnce: "(6) nothing is told twice; nothing seen before is told as new"
        case .sourcesKept: "(7) a failing artist source loses no artist, is reported, and recovers"
        }
    }
}

struct SimulationViolation: Sendable, Hashable, CustomStringConvertible {
    var invariant: SimulationInvariant
    /// Which rule of the invariant broke, e.g. "skipErasesReport": violations are grouped into classes by it.
    var rule: String
    var hour: Int
    var detail: String

    var description: String { "hour \(hour): \(invariant) [\(rule)]: \(detail)" }
}

/// Checks every run against the truth and against what earlier runs published. It remembers only what a
/// careful reader of the outputs would: the last real run, the baseline's hour and what that baseline should
/// have held.
struct SimulationOracle {
    private var lastRealComplete = false
    private var lastRealRunID: String?
    private var lastRealStatus: String?
    private var baselineHour: Int?
    /// What the current baseline should hold: the truth for the artists its run asked, the baseline's own
    /// entries for artists it reused under the repair rule.
    private var baselineExpected: Set<String> = []
    private var previousIncomplete: Set<String>?
    /// For each re-filed artist, how many runs that swept have met its vanished id so far.
    private var refileMeetings: [String: Int] = [:]
    /// Every digest item's dedupe key told so far, and every release id an earlier run's feed showed.
    private var told: Set<String> = []
    private var seenInFeed: Set<String> = []
    /// The artist source's last good import (artists), and the artists the state kept after the last run.
    private var sourceArtists: Int?
    private var listenedArtists = 0

    mutating func check(_ run: RunObservation) -> [SimulationViolation] {
        var found: [SimulationViolation] = []
        func violation(_ invariant: SimulationInvariant, _ rule: String, _ detail: String) {
            found.append(SimulationViolation(invariant: invariant, rule: rule, hour: run.hour, detail: detail))
        }
        let runID = RunID(SimulationWorld.start.addingTimeInterval(Double(run.hour) * 3600)).rawValue
        let before = run.before
        let after = run.after
        let baselineChanged = before.latest?.runID != after.latest?.runID
        let skipped = run.exitCode == 0 && run.requests.isEmpty && before.snapshotFiles == after.snapshotFiles
        let shouldSkip = lastRealComplete && baselineHour.map { Double(run.hour - $0) < SimulationWorld.ttlHours } == true

        // (6) Told once, and only news.
        seenInFeed.formUnion(before.feedIDs)
        for item in run.told {
            if !told.insert(item.dedupeKey).inserted {
                violation(.toldOnce, "toldTwice", "\(item.dedupeKey) (\(item.entry.title)) was told again")
            }
            if item.event != .announced, seenInFeed.contains(item.entry.id) {
                violation(
                    .toldOnce, "oldToldAsNew",
                    "\(item.entry.id) (\(item.entry.title)) was in an earlier feed and is told as \(item.event.rawValue)")
            }
        }
        defer { seenInFeed.formUnion(after.feedIDs) }

        // (7) The artist source: a failure is reported with its last good import kept; a healthy source is ok again.
        if run.listenedArtists < listenedArtists {
            violation(
                .sourcesKept, "listenedArtistLost", "the state kept \(listenedArtists) artists from sources, now \(run.listenedArtists)")
        }
        listenedArtists = max(listenedArtists, run.listenedArtists)
        if let report = run.sourceReports?.first {
            if run.sourceOutage {
                if report.status != "failed" || report.failure?.kind != .rateLimited {
                    violation(.sourcesKept, "sourceFailureHidden", "a rate-limited source reported \(report.status)")
                }
                if report.artists != sourceArtists ?? 0 {
                    violation(
                        .sourcesKept, "sourceImportLost", "kept \(report.artists) artists, the last good import had \(sourceArtists ?? 0)")
                }
            } else if report.status != "ok" {
                violation(
                    .sourcesKept, "sourceNotRecovered", "a healthy source reported \(report.status): \(report.failure?.message ?? "")")
            } else {
                sourceArtists = report.artists
            }
        }

        // (1) Whatever happened, a wanted item people saw is still there.
        let lost = before.feedIDs.filter { run.wanted[$0] != nil && !after.feedIDs.contains($0) }.sorted()
        if !lost.isEmpty {
            violation(
                .noLoss, "itemLost",
                "\(lost.count) of \(before.feedIDs.count) feed items still in the catalog and wanted vanished "
                    + "(exit \(run.exitCode)\(run.outage.map { ", outage \($0.rawValue)" } ?? "")): \(lost.prefix(5).joined(separator: ","))"
            )
        }

        if shouldSkip {
            if !skipped {
                violation(
                    .statusAgrees, "skipExpected",
                    "the last run was complete and the baseline is young: expected a skip, got exit \(run.exitCode)")
            }
            if after.healthRunID != lastRealRunID || after.healthStatus != lastRealStatus || !after.healthHasLastSkip {
                violation(
                    .statusAgrees, "skipErasesReport",
                    "a skip must keep the last real report (\(lastRealRunID ?? "-") \(lastRealStatus ?? "-")) and add lastSkip; "
                        + "health.json says \(after.healthRunID ?? "-") \(after.healthStatus ?? "-"), lastSkip \(after.healthHasLastSkip)")
            }
            if baselineChanged { violation(.baselineHonest, "skipMovedBaseline", "a skip replaced the baseline") }
            return found
        }
        if skipped {
            violation(.statusAgrees, "skippedWrongly", "skipped although the last real run was not complete or the baseline is old")
        }

        let libraryArtists = run.libraryArtists.filter { run.currentIDs[$0] != nil }
        let asked = run.askedArtists
        let repairComplete = previousIncomplete.map { asked.isSuperset(of: $0.intersection(libraryArtists)) } ?? false
        let honest =
            run.outage == nil && !run.truncatedLibrary && !run.faultHit && run.exitCode == 0
            && (asked.isSuperset(of: libraryArtists) || repairComplete)
        let published = after.current?.runID == runID

        // (3) The exit code and the report say what happened.
        let expected: Set<Int32>
        let what: String
        if run.truncatedLibrary {
            (expected, what) = ([65], "a truncated library export")
        } else if let outage = run.outage, outage != .emptyAnswers {
            (expected, what) = ([75], "a total outage (\(outage.rawValue))")
        } else if run.outage == .emptyAnswers {
            (expected, what) = ([3, 75], "a catalog answering 200 with nothing for everyone")
        } else if run.faultHit {
            (expected, what) = ([3], "one artist's requests failing (\(run.faultedArtists.sorted().joined(separator: ",")))")
        } else if run.refiledArtists.keys.contains(where: { refileMeetings[$0, default: 0] < 2 }) {
            // The first run that sweeps past a vanished id may fail that artist, or all of itself when it
            // asked nobody else; when several vanish at once (a share that may be the catalog's fault) their
            // ids are forgotten and the next run searches them: two sweeping runs at most.
            (expected, what) = ([0, 3, 75], "an artist id re-filed since its last answer")
        } else {
            (expected, what) = ([0], "a healthy catalog")
        }
        // A re-filed artist is found again by name in the next real run at the latest; until it is, every run says so.
        let unresolved = run.refiledArtists.filter { $0.value < run.hour }.keys.sorted()
        if !expected.contains(run.exitCode) {
            violation(
                .statusAgrees, unresolved.isEmpty ? "exitCode" : "refileNeverResolved",
                (unresolved.isEmpty ? "" : "artists re-filed under a new id earlier (\(unresolved.joined(separator: ","))); ")
                    + "\(what): expected exit \(expected.sorted().map(String.init).joined(separator: " or ")), got \(run.exitCode)"
                    + (run.stderrLine.map { " (\($0))" } ?? ""))
        }
        if expected == [75] || expected == [65] {
            let changed = after.outputBytes.keys.filter { after.outputBytes[$0] != before.outputBytes[$0] }.sorted()
            if !changed.isEmpty {
                violation(
                    .statusAgrees, "publishedDuringFailure", "\(what) must publish nothing; changed: \(changed.joined(separator: ","))")
            }
        }
        if expected == [75], after.healthStatus != "failed" || after.monitorState != .critical {
            violation(
                .statusAgrees, "healthNotCritical",
                "\(what): health must say failed/CRITICAL, says \(after.healthStatus ?? "-")/\(after.monitorState.rawValue)")
        }
        if expected == [3], after.healthStatus != "partial" {
            violation(.statusAgrees, "healthNotPartial", "\(what): health must say partial, says \(after.healthStatus ?? "-")")
        }
        if expected == [0], run.exitCode == 0, after.latest?.runID != runID || after.healthStatus != "complete" {
            violation(
                .statusAgrees, "notPromoted",
                "\(what): expected a complete run promoted to the baseline; health says \(after.healthStatus ?? "-")")
        }

        // (2) Only an honest complete run moves the baseline.
        if baselineChanged, !honest {
            let missing = libraryArtists.subtracting(asked).sorted()
            // A "complete" run that skipped asking an artist with no outage, no failure and no repair excuse.
            let rule =
                run.outage == nil && !run.truncatedLibrary && !run.faultHit && run.exitCode == 0
                ? "completeWithoutAsking" : "dishonestBaseline"
            violation(
                .baselineHonest, rule,
                "baseline replaced by run exit \(run.exitCode) after \(what); asked \(asked.count) of \(libraryArtists.count) artists"
                    + (missing.isEmpty ? "" : ", not asked: \(missing.joined(separator: ","))"))
        }

        // (4) and (5): the published snapshot against the truth.
        if published, let current = after.current {
            let stale = Set(current.entries.filter(\.stale).map(\.id))
            let staleInChanges = stale.intersection(current.added + current.removed)
            if !staleInChanges.isEmpty {
                violation(
                    .changesAgree, "staleInChanges", "stale entries in the change set: \(staleInChanges.sorted().joined(separator: ","))")
            }
            let removedWanted = current.removed.filter { run.wanted[$0] != nil }
            if !removedWanted.isEmpty {
                violation(
                    .changesAgree, "wantedRemoved",
                    "still-wanted releases reported removed: \(removedWanted.sorted().prefix(5).joined(separator: ","))")
            }
            if run.exitCode == 0 {
                for artist in asked {
                    let shown = current.ids.filter { run.releaseArtist[$0] == artist }
                    let truth = Set(run.wanted.filter { $0.value == artist }.keys)
                    if shown != truth {
                        violation(
                            .changesAgree, "snapshotDisagrees",
                            "complete run, \(artist): shows \(shown.sorted()), the catalog says \(truth.sorted())")
                    }
                }
                if let previous = before.latest, current.since == previous.runID {
                    let added = current.ids.subtracting(previous.ids)
                    let removed = previous.ids.subtracting(current.ids)
                    if Set(current.added) != added || Set(current.removed) != removed {
                        violation(
                            .changesAgree, "changeSetNotDifference",
                            "change set \(current.added.sorted())/-\(current.removed.sorted()) is not the difference to the baseline "
                                + "\(added.sorted())/-\(removed.sorted())")
                    }
                }
            }
            // An artist reused under the repair rule may add what its last answer listed; only asked artists must match the truth.
            let oldNews = current.added.filter {
                before.latest?.ids.contains($0) == true || baselineExpected.contains($0)
                    || (run.wanted[$0] == nil && (run.releaseArtist[$0] ?? current.addedArtists[$0]).map(asked.contains) ?? true)
            }
            if !oldNews.isEmpty, baselineHour != nil {
                violation(
                    .nothingOldIsNew, "oldCountedNew",
                    "\(oldNews.count) of \(current.added.count) added were already in the last good baseline or are not wanted: "
                        + oldNews.sorted().prefix(5).joined(separator: ","))
            }
        }

        // Remember what the next run is judged against.
        lastRealComplete = run.exitCode == 0
        lastRealRunID = after.healthRunID
        lastRealStatus = after.healthStatus
        // The artists a repair run must ask: every one left unchecked since the last complete run. A run that
        // swept nothing (library refused, catalog down) leaves the list as it was.
        // An artist answered in a partial run leaves the list: its answer is as fresh as the run's.
        switch run.exitCode {
        case 0: previousIncomplete = nil
        case 3:
            let incomplete = Set(after.current?.incompleteArtists ?? [])
            previousIncomplete = (previousIncomplete ?? []).subtracting(asked.subtracting(incomplete)).union(incomplete)
        default: break
        }
        let swept = !run.truncatedLibrary && (run.exitCode == 0 || run.exitCode == 3 || !run.requests.isEmpty)
        refileMeetings = refileMeetings.filter { run.refiledArtists[$0.key] != nil }
        if swept { for artist in run.refiledArtists.keys { refileMeetings[artist, default: 0] += 1 } }
        if baselineChanged, let latest = after.latest {
            baselineHour = run.hour
            baselineExpected = Set(run.wanted.filter { asked.contains($0.value) }.keys)
                .union(latest.ids.filter { run.releaseArtist[$0].map { !asked.contains($0) } ?? false })
        }
        return found
    }
}
