import Foundation
import DeepCutCore

/// Renders `health.txt`: one screen an operator reads in five seconds — the status, the counts,
/// what failed and why, how old the baseline is, and what to do next.
enum HealthText {
    /// Artists named per failure kind before "and N more".
    static let artistsPerKind = 5
    /// Library warnings quoted before "see health.json".
    static let quotedWarnings = 3

    static func render(_ report: HealthReport) -> String {
        var lines = [headline(report)]
        if let message = report.message { lines.append("cause: " + oneLine(message)) }
        lines.append("ran \(Timestamp.string(report.startedAt)) to \(Timestamp.string(report.finishedAt)) "
            + "(\(duration(Int(report.finishedAt.timeIntervalSince(report.startedAt)))))")
        lines.append("")
        lines.append(stageLine("library", report.library.status, library(report.library)))
        lines.append(stageLine("sweep", report.sweep.status, sweep(report.sweep)))
        lines.append(stageLine("diff", report.diff.status, diff(report.diff)))
        lines.append(stageLine("publish", report.publish.status, publish(report.publish)))
        for section in [failures(report.sweep), warnings(report.library)] where !section.isEmpty {
            lines += [""] + section
        }
        lines += ["", "next: " + nextStep(report)]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Lines

    private static func headline(_ report: HealthReport) -> String {
        "deepcut sweep \(report.runID): \(report.status.rawValue.uppercased()) (exit \(report.exitCode))"
    }

    private static func stageLine(_ name: String, _ status: HealthReport.StageStatus, _ summary: String) -> String {
        let padded = { (text: String, width: Int) in text + String(repeating: " ", count: max(1, width - text.count)) }
        return padded(name, 9) + padded(status == .notRun ? "not run" : status.rawValue, 9) + (status == .notRun ? "" : summary)
    }

    private static func library(_ stage: HealthReport.LibraryStage) -> String {
        "\(count(stage.albums, "album")), \(count(stage.artists, "artist")) from \(count(stage.sources.count, "source")), "
            + count(stage.warningCount, "warning")
    }

    private static func sweep(_ stage: HealthReport.SweepStage) -> String {
        let artists = stage.artists
        var parts = ["\(count(artists.total, "artist")): \(artists.fetched) fetched, \(artists.notFound) not found, \(artists.failed) failed"]
        if artists.skipped > 0 { parts[0] += ", \(artists.skipped) not asked (deadline or stop)" }
        parts.append("\(count(stage.requests, "request")) (\(stage.requestsPerArtist) per artist) to \(oneLine(stage.provider))")
        return parts.joined(separator: "; ")
    }

    private static func diff(_ stage: HealthReport.DiffStage) -> String {
        let dropped = stage.dropped.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return "\(count(stage.entries, "entry", "entries")) from \(count(stage.considered, "release"))"
            + (dropped.isEmpty ? "" : "; dropped " + dropped.joined(separator: ", "))
    }

    private static func publish(_ stage: HealthReport.PublishStage) -> String {
        var parts: [String] = []
        if let snapshot = stage.snapshot {
            parts.append(stage.promoted ? "snapshot \(snapshot) promoted to baseline" : "snapshot \(snapshot) published as current.json only")
        } else {
            parts.append("nothing published")
        }
        parts.append(baseline(stage))
        if let message = stage.message { parts.append(oneLine(message)) }
        return parts.joined(separator: "; ")
    }

    /// Failures grouped by kind, biggest group first, naming the first few artists and one sample cause.
    private static func failures(_ stage: HealthReport.SweepStage) -> [String] {
        guard !stage.failures.isEmpty else { return [] }
        let groups = Dictionary(grouping: stage.failures, by: \.kind)
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key.rawValue < $1.key.rawValue }
        var lines = ["failed artists (\(stage.failures.count)):"]
        for (kind, failures) in groups {
            var names = failures.prefix(artistsPerKind).map { oneLine($0.artist) }.joined(separator: ", ")
            if failures.count > artistsPerKind { names += " and \(failures.count - artistsPerKind) more" }
            let sample = failures[0]
            let status = sample.httpStatus.map { "HTTP \($0), " } ?? ""
            lines.append("  \(kind.rawValue) ×\(failures.count): \(names)")
            lines.append("    e.g. \(status)\(count(sample.attempts, "attempt")): \(oneLine(sample.message))")
        }
        return lines
    }

    private static func warnings(_ stage: HealthReport.LibraryStage) -> [String] {
        guard stage.warningCount > 0 else { return [] }
        var lines = ["library warnings (\(stage.warningCount)):"]
        lines += stage.warnings.prefix(quotedWarnings).map { "  " + oneLine($0) }
        if stage.warningCount > quotedWarnings { lines.append("  … see health.json") }
        return lines
    }

    // MARK: What to do next

    private static func nextStep(_ report: HealthReport) -> String {
        let baselineNote = baseline(report.publish)
        switch report.exitCode {
        case Int(ExitCode.dataError.rawValue):
            return "fix the input file named in the cause, then run again; nothing was published."
        case Int(ExitCode.config.rawValue):
            return "fix the configuration (`deepcut check-config` names the key), then run again."
        case Int(ExitCode.cannotCreate.rawValue):
            return "make the output folder writable (see the cause), then run again; \(baselineNote)."
        case Int(ExitCode.ioError.rawValue):
            return "free disk space, or move aside the corrupt file named in the cause (it is never repaired silently); \(baselineNote)."
        case Int(ExitCode.software.rawValue):
            return "internal error: report it with health.json attached; \(baselineNote)."
        default:
            break
        }
        switch report.status {
        case .complete:
            return report.publish.promoted ? "nothing to do: this run is the new baseline." : "nothing to do; \(baselineNote)."
        case .skipped:
            return "nothing to do: \(baselineNote), still fresh."
        case .partial:
            let missing = report.sweep.incompleteArtists.count
            return "the next run retries the \(count(missing, "incomplete artist")); \(baselineNote)."
        case .failed:
            return "nothing was published; \(baselineNote). \(failureHint(report.sweep))"
        }
    }

    /// What the most common failure kind suggests checking.
    private static func failureHint(_ stage: HealthReport.SweepStage) -> String {
        let kinds = Dictionary(grouping: stage.failures, by: \.kind).max { $0.value.count < $1.value.count }?.key
        switch kinds {
        case .rateLimited: return "The catalog is rate limiting: lower catalog.requestsPerMinute."
        case .timeout, .transport: return "The catalog was unreachable: check the network and catalog.baseURL."
        case .http: return "The catalog answered with errors: check its status and catalog.baseURL."
        case .decoding: return "The catalog's answers were not understood: check catalog.provider and catalog.baseURL."
        case .cancelled: return "The run was stopped; the next run starts over."
        case nil: return "See the cause above; the next run tries again."
        }
    }

    // MARK: Formatting

    private static func baseline(_ stage: HealthReport.PublishStage) -> String {
        guard let runID = stage.baselineRunID else { return "no baseline yet" }
        let age = stage.baselineAgeSeconds.map { ", \(duration($0)) old" } ?? ""
        return (stage.promoted ? "baseline is \(runID)" : "baseline kept from \(runID)") + age
    }

    /// "41 s", "3 min 12 s", "2 h 5 min", "3 d 4 h".
    static func duration(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let (days, hours, minutes) = (seconds / 86_400, seconds / 3_600 % 24, seconds / 60 % 60)
        if days > 0 { return "\(days) d \(hours) h" }
        if hours > 0 { return "\(hours) h \(minutes) min" }
        if minutes > 0 { return "\(minutes) min \(seconds % 60) s" }
        return "\(seconds) s"
    }

    private static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(value) " + (value == 1 ? singular : plural ?? singular + "s")
    }

    /// Third-party text (artist names, server messages) on one line: controls become spaces.
    private static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
