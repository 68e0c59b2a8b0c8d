import DeepCutCore
import Foundation

/// Renders `health.txt`: one screen an operator reads in five seconds. The top four lines answer
/// the questions in the order they are asked — how did it go, why, what do I do, how old is the feed
/// — and the rest is evidence: each stage's counts, then what failed grouped by cause.
enum HealthText {
    /// Artists named per failure kind before "and N more".
    static let artistsPerKind = 5
    /// Library warnings quoted before "see health.json".
    static let quotedWarnings = 3
    /// Third-party names and messages are cut to these lengths so every line fits a terminal or two.
    static let nameLimit = 60
    static let messageLimit = 160

    static func render(_ report: HealthReport) -> String {
        if let profiles = report.profiles { return household(report, profiles: profiles) }
        var lines = [headline(report)]
        if let message = report.message { lines.append("cause:    " + DisplayText.line(message, limit: DisplayText.messageLimit)) }
        lines.append("next:     " + nextStep(report))
        lines.append("baseline: " + baseline(report))
        lines.append(
            "ran:      \(Timestamp.string(report.startedAt)) to \(Timestamp.string(report.finishedAt)) "
                + "(\(ElapsedTime.text(Int(report.finishedAt.timeIntervalSince(report.startedAt)))))")
        for token in report.tokens ?? [] { lines.append("token:    " + tokenLine(token)) }
        if let skip = report.lastSkip {
            lines.append("skipped:  \(Timestamp.string(skip.at)) by --if-stale: " + DisplayText.line(skip.reason, limit: messageLimit))
        }
        lines.append("")
        lines.append(stageLine("library", report.library.status, StageSummary.library(report.library)))
        lines.append(stageLine("sweep", report.sweep.status, StageSummary.sweep(report.sweep)))
        for source in report.sources ?? [] { lines.append(sourceLine(source)) }
        lines.append(stageLine("diff", report.diff.status, StageSummary.diff(report.diff)))
        lines.append(stageLine("publish", report.publish.status, StageSummary.publish(report.publish)))
        for channel in report.notify ?? [] {
            lines.append(stageLine("notify", channel.lastError == nil ? .ok : .failed, StageSummary.notify(channel)))
        }
        for source in report.artistSources ?? [] {
            lines.append(stageLine("artists", source.failure == nil ? .ok : .failed, StageSummary.artistSource(source)))
        }
        if let traits = report.sweep.catalogTraits { lines.append("catalog: " + traits.summary) }
        for section in [failures(report.sweep), unresolved(report.sweep) + empty(report.sweep), warnings(report.library)]
        where !section.isEmpty {
            lines += [""] + section
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A household's report: the sweep, then one line per profile; each profile's own
    /// `health.txt` (in its folder) has the rest.
    private static func household(_ report: HealthReport, profiles: [HealthReport.ProfileRun]) -> String {
        var lines = [headline(report)]
        if let message = report.message { lines.append("cause:    " + DisplayText.line(message, limit: DisplayText.messageLimit)) }
        let troubled = profiles.filter { $0.status != .complete }
        lines.append(
            "next:     "
                + (troubled.isEmpty
                    ? "nothing to do."
                    : "read " + troubled.map { "\($0.outputDirectory)/health.txt" }.joined(separator: " and ") + " for what to do."))
        lines.append("baseline: each profile keeps its own (its health.txt)")
        lines.append(
            "ran:      \(Timestamp.string(report.startedAt)) to \(Timestamp.string(report.finishedAt)) "
                + "(\(ElapsedTime.text(Int(report.finishedAt.timeIntervalSince(report.startedAt)))))")
        if let skip = report.lastSkip {
            lines.append("skipped:  \(Timestamp.string(skip.at)) by --if-stale: " + DisplayText.line(skip.reason, limit: messageLimit))
        }
        lines.append("")
        lines.append(stageLine("sweep", report.sweep.status, StageSummary.sweep(report.sweep)))
        for profile in profiles {
            let entries = profile.entries.map { "\($0) entries" } ?? "nothing published"
            let message = profile.status == .complete ? "" : profile.message.map { ": " + DisplayText.line($0, limit: messageLimit) } ?? ""
            let name = profile.name.padding(toLength: max(profile.name.count, 14), withPad: " ", startingAt: 0)
            let state = profile.status.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
            lines.append("  profile \(name) \(state)\(entries), feed in \(profile.outputDirectory)\(message)")
        }
        if let traits = report.sweep.catalogTraits { lines.append("catalog: " + traits.summary) }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Lines

    /// `  source itunes:jp      partial   199 of 200 artists, 31 listed, 240 requests`.
    static func sourceLine(_ source: SourceStatus) -> String {
        let checked = source.artists.total - source.artists.failed - source.artists.skipped
        let detail = "\(checked) of \(source.artists.total) artists, \(source.listed) listed, \(source.requests) requests"
        let name = source.key.padding(toLength: max(source.key.count, 14), withPad: " ", startingAt: 0)
        let state = source.status.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
        let message = source.message.map { ": " + DisplayText.line($0, limit: DisplayText.messageLimit) } ?? ""
        return "  source \(name) \(state)\(detail)\(message)"
    }

    private static func headline(_ report: HealthReport) -> String {
        "deepcut sweep \(report.runID): \(report.status.rawValue.uppercased()) (exit \(report.exitCode))"
    }

    /// Which snapshot the feed's readers can trust, and how old it is.
    private static func baseline(_ report: HealthReport) -> String {
        let stage = report.publish
        guard let runID = stage.baselineRunID else {
            return stage.status == .notRun ? "not checked: the run stopped before publishing" : "none yet: no sweep has been complete"
        }
        let age = stage.baselineAgeSeconds.map { ", \(ElapsedTime.text($0)) old" } ?? ""
        return stage.promoted ? "\(runID) (this run)\(age)" : "\(runID) (last complete sweep)\(age)"
    }

    /// A developer token's expiry, as judged when the run started.
    private static func tokenLine(_ token: TokenExpiry) -> String {
        guard let expiresAt = token.expiresAt else { return "\(token.key): expiry unknown (the token states none)" }
        let when = Timestamp.display(expiresAt)
        switch token.status {
        case .critical: return "\(token.key): EXPIRED \(when): make a new developer token"
        case .warning: return "\(token.key): expires \(when), in less than 14 days: make a new developer token"
        case .ok, .unknown: return "\(token.key): expires \(when)"
        }
    }

    private static func stageLine(_ name: String, _ status: HealthReport.StageStatus, _ summary: String) -> String {
        let padded = { (text: String, width: Int) in text + String(repeating: " ", count: max(1, width - text.count)) }
        return padded(name, 9) + padded(status == .notRun ? "not run" : status.rawValue, 9) + (status == .notRun ? "" : summary)
    }

    /// Failures grouped by kind, biggest group first, naming the first few artists and one sample cause.
    private static func failures(_ stage: HealthReport.SweepStage) -> [String] {
        guard !stage.failures.isEmpty else { return [] }
        let groups = Dictionary(grouping: stage.failures, by: \.kind)
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key.rawValue < $1.key.rawValue }
        var lines = ["failed artists (\(stage.failures.count) of \(stage.artists.total)):"]
        for (kind, failures) in groups {
            var names = failures.prefix(artistsPerKind).map { DisplayText.line($0.artist, limit: nameLimit) }.joined(separator: ", ")
            if failures.count > artistsPerKind { names += " and \(failures.count - artistsPerKind) more" }
            let sample = failures[0]
            let status = sample.httpStatus.map { "HTTP \($0), " } ?? ""
            lines.append("  \(kind.rawValue) ×\(failures.count): \(names)")
            lines.append(
                "    e.g. \(status)\(StageSummary.count(sample.attempts, "attempt")): \(DisplayText.line(sample.message, limit: messageLimit))"
            )
        }
        return lines
    }

    /// Artists without a certain catalog artist, each group with the `artistOverrides` line to paste.
    private static func unresolved(_ stage: HealthReport.SweepStage) -> [String] {
        let unresolved = UnresolvedArtists(stage)
        var lines: [String] = []
        if !unresolved.notFound.isEmpty {
            lines.append(
                "not found in the catalog (\(unresolved.notFound.count) of \(stage.artists.total)): "
                    + UnresolvedArtists.names(unresolved.notFound))
            if unresolved.mostlyNotFound { lines.append("  " + unresolved.mostlyNotFoundHint) }
            lines.append("  pin with: " + UnresolvedArtists.overrideLine(unresolved.notFound))
        }
        if !unresolved.ambiguous.isEmpty {
            lines.append(
                "ambiguous, several catalog artists share the name (\(unresolved.ambiguous.count)): "
                    + UnresolvedArtists.names(unresolved.ambiguous))
            lines.append("  pin with: " + UnresolvedArtists.overrideLine(unresolved.ambiguous))
        }
        return lines
    }

    /// Artists the catalog knows but lists nothing for: definite answers, named so a surprise is seen.
    private static func empty(_ stage: HealthReport.SweepStage) -> [String] {
        guard let empty = stage.emptyArtists, !empty.isEmpty else { return [] }
        return ["no releases in the catalog (\(empty.count) of \(stage.artists.total)): " + UnresolvedArtists.names(empty)]
    }

    private static func warnings(_ stage: HealthReport.LibraryStage) -> [String] {
        guard stage.warningCount > 0 else { return [] }
        var lines = ["library warnings (\(stage.warningCount)):"]
        lines += stage.warnings.prefix(quotedWarnings).map { "  " + DisplayText.line($0, limit: messageLimit) }
        if stage.warningCount > quotedWarnings { lines.append("  … see health.json") }
        return lines
    }

    // MARK: What to do next

    /// What the operator should do about this run, in one sentence.
    static func nextStep(_ report: HealthReport) -> String {
        switch report.exitCode {
        case Int(ExitCode.dataError.rawValue):
            return "fix the input file named in the cause, then run again; nothing was published."
        case Int(ExitCode.config.rawValue):
            return "fix the configuration (`deepcut check-config` names the key), then run again."
        case Int(ExitCode.cannotCreate.rawValue):
            return "make the output folder writable (see the cause), then run again."
        case Int(ExitCode.ioError.rawValue):
            return "free disk space, or move aside the corrupt file named in the cause (it is never repaired silently)."
        case Int(ExitCode.software.rawValue):
            return "internal error: report it with health.json attached."
        default:
            break
        }
        switch report.status {
        case .complete:
            let unresolved = UnresolvedArtists(report.sweep)
            if unresolved.mostlyNotFound { return unresolved.mostlyNotFoundHint + "." }
            return report.publish.promoted ? "nothing to do: this run is the new baseline." : "nothing to do."
        case .skipped:
            return "nothing to do: the baseline is still fresh."
        case .partial:
            let missing = report.sweep.incompleteArtists.count
            return "nothing urgent: the next run retries the \(StageSummary.count(missing, "incomplete artist")); "
                + "if this repeats, \(remedy(report.sweep))."
        case .failed:
            return "nothing was published; \(remedy(report.sweep)), then run again."
        }
    }

    /// What the most common failure kind suggests doing, and why.
    private static func remedy(_ stage: HealthReport.SweepStage) -> String {
        // The breaker stopped the sweep: the connection failure says what to check, whatever failed before.
        if let unreachable = stage.unreachable {
            // The summary quotes the connection's error text: third-party, so cleaned onto the line.
            return "\(unreachable.hint) (\(DisplayText.line(unreachable.summary, limit: DisplayText.messageLimit)))"
        }
        let kind = Dictionary(grouping: stage.failures, by: \.kind).max {
            $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key.rawValue > $1.key.rawValue
        }?.key
        switch kind {
        case .rateLimited: return "lower catalog.requestsPerMinute (the catalog is rate limiting)"
        case .timeout, .transport: return "check the network and catalog.baseURL (the catalog was unreachable)"
        case .http: return "check the catalog's status and catalog.baseURL (it answered with errors)"
        case .decoding: return "check catalog.provider and catalog.baseURL (the answers were not understood)"
        case .cancelled: return "let the next run start over (this one was stopped)"
        case .suddenlyEmpty:
            return "wait for the next run to confirm or refute the empty answers (the catalog suddenly listed nothing for known artists)"
        case nil where stage.stoppedBy == .deadline:
            return "raise catalog.sweepDeadlineMinutes (the deadline cut the sweep short)"
        case nil where stage.stoppedBy == .cancelled: return "let the next run start over (this one was stopped)"
        case nil: return "see the cause above"
        }
    }
}

/// One line per stage saying what it did, shared by `health.txt` and the page's health panel so the
/// two never disagree. Third-party text (the provider's name, messages) is cleaned onto one line.
enum StageSummary {
    static func library(_ stage: HealthReport.LibraryStage) -> String {
        "\(count(stage.albums, "album")), \(count(stage.artists, "artist")) from \(count(stage.sources.count, "source")), "
            + count(stage.warningCount, "warning")
    }

    static func sweep(_ stage: HealthReport.SweepStage) -> String {
        let artists = stage.artists
        var parts = [
            "\(count(artists.total, "artist")): \(artists.fetched) fetched, \(artists.notFound) not found, \(artists.failed) failed"
        ]
        if artists.skipped > 0 { parts[0] += ", \(artists.skipped) not asked (\(notAskedReason(stage)))" }
        parts.append("\(count(stage.requests, "request")) (\(stage.requestsPerArtist) per artist) to \(DisplayText.line(stage.provider))")
        return parts.joined(separator: "; ")
    }

    /// Why artists went unasked, as the sweep line says it.
    static func notAskedReason(_ stage: HealthReport.SweepStage) -> String {
        if let unreachable = stage.unreachable { return "catalog unreachable: \(DisplayText.line(unreachable.host))" }
        switch stage.stoppedBy {
        case .deadline: return "deadline"
        case .cancelled: return "stopped"
        case .catalogUnreachable: return "catalog unreachable"
        case nil: return "deadline or stop"
        }
    }

    static func diff(_ stage: HealthReport.DiffStage) -> String {
        let dropped = stage.dropped.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return "\(count(stage.entries, "entry", "entries")) from \(count(stage.considered, "release"))"
            + (dropped.isEmpty ? "" : "; dropped " + dropped.joined(separator: ", "))
    }

    static func publish(_ stage: HealthReport.PublishStage) -> String {
        var parts: [String] = []
        if let snapshot = stage.snapshot {
            parts.append(
                stage.promoted ? "snapshot \(snapshot) promoted to baseline" : "snapshot \(snapshot) published as current.json only")
        } else {
            parts.append("nothing published")
        }
        parts.append(baseline(stage))
        if stage.status == .failed {
            // A publish that failed half-way: say what is on disk now.
            parts.append(
                "stopped at a file it could not write after writing "
                    + (stage.wrote.isEmpty ? "nothing" : stage.wrote.joined(separator: ", ")))
            if let removed = stage.removedSnapshot { parts.append("removed its unpublished \(removed)") }
        }
        if let message = stage.message { parts.append(DisplayText.line(message, limit: DisplayText.messageLimit)) }
        return parts.joined(separator: "; ")
    }

    /// "lastfm:rj: 42 artists", or the failure: "lastfm:rj: failed: rateLimited: …; kept 40 artists from 2026-…".
    static func artistSource(_ source: ArtistSourceReport) -> String {
        let name = DisplayText.line(source.source, limit: HealthText.nameLimit)
        guard let failure = source.failure else { return "\(name): \(count(source.artists, "artist"))" }
        let kept = source.importedAt.map { "kept \(count(source.artists, "artist")) from \(Timestamp.string($0))" } ?? "no import yet"
        return DisplayText.line("\(name): failed: \(failure.kind.rawValue): \(failure.message); \(kept)", limit: DisplayText.messageLimit)
    }

    /// "phone (ntfy): delivered 3; 0 owed", or the failure: "phone (ntfy): failed 2 runs running,
    /// last at …: rejected: ntfy.example.org answered 500; 4 owed, retried next run".
    static func notify(_ channel: ChannelDelivery) -> String {
        var parts: [String] = []
        let name = "\(DisplayText.line(channel.channel, limit: HealthText.nameLimit)) (\(channel.type))"
        switch channel.outcome {
        case .delivered: parts.append("\(name): delivered \(count(channel.sent, "item"))")
        case .nothingToSend: parts.append("\(name): nothing new")
        case .notAttempted: parts.append("\(name): not attempted (nothing published)")
        case .failed:
            let runs = channel.consecutiveFailures > 1 ? " \(channel.consecutiveFailures) runs running" : ""
            parts.append("\(name): failed\(runs)")
        }
        if let error = channel.lastError {
            parts.append(DisplayText.line("\(channel.lastErrorKind ?? "error"): \(error)", limit: DisplayText.messageLimit))
        }
        if channel.pending > 0 { parts.append("\(count(channel.pending, "item")) owed, retried next run") }
        if channel.unconfirmed > 0 {
            parts.append("\(count(channel.unconfirmed, "item")) unconfirmed (a run stopped while sending; not sent again)")
        }
        if let refused = channel.refused, refused > 0 {
            parts.append("\(count(refused, "item")) refused by the channel even alone (too large; given up)")
        }
        if let success = channel.lastSuccessAt { parts.append("last delivered \(Timestamp.display(success))") }
        return parts.joined(separator: "; ")
    }

    /// "baseline kept from RUNID, 1 d 2 h old", "baseline is RUNID", or "no baseline yet".
    static func baseline(_ stage: HealthReport.PublishStage) -> String {
        guard let runID = stage.baselineRunID else { return "no baseline yet" }
        let age = stage.baselineAgeSeconds.map { ", \(ElapsedTime.text($0)) old" } ?? ""
        return (stage.promoted ? "baseline is \(runID)" : "baseline kept from \(runID)") + age
    }

    static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(value) " + (value == 1 ? singular : plural ?? singular + "s")
    }
}
