/// One line per stage saying what it did, shared by `health.txt` and the page's health panel so the
/// two never disagree. Third-party text (the provider's name, messages) is cleaned onto one line.
enum StageSummary {
    static func library(_ stage: HealthReport.LibraryStage) -> String {
        "\(count(stage.albums, "album")), \(count(stage.artists, "artist")) from \(count(stage.sources.count, "source")), "
            + count(stage.warningCount, "warning")
    }

    static func sweep(_ stage: HealthReport.SweepStage) -> String {
        let artists = stage.artists
        var parts = ["\(count(artists.total, "artist")): \(artists.fetched) fetched, \(artists.notFound) not found, \(artists.failed) failed"]
        if artists.skipped > 0 { parts[0] += ", \(artists.skipped) not asked (deadline or stop)" }
        parts.append("\(count(stage.requests, "request")) (\(stage.requestsPerArtist) per artist) to \(DisplayText.line(stage.provider))")
        return parts.joined(separator: "; ")
    }

    static func diff(_ stage: HealthReport.DiffStage) -> String {
        let dropped = stage.dropped.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return "\(count(stage.entries, "entry", "entries")) from \(count(stage.considered, "release"))"
            + (dropped.isEmpty ? "" : "; dropped " + dropped.joined(separator: ", "))
    }

    static func publish(_ stage: HealthReport.PublishStage) -> String {
        var parts: [String] = []
        if let snapshot = stage.snapshot {
            parts.append(stage.promoted ? "snapshot \(snapshot) promoted to baseline" : "snapshot \(snapshot) published as current.json only")
        } else {
            parts.append("nothing published")
        }
        parts.append(baseline(stage))
        if stage.status == .failed {
            // A publish that failed half-way: say what is on disk now.
            parts.append("stopped at a file it could not write after writing " + (stage.wrote.isEmpty ? "nothing" : stage.wrote.joined(separator: ", ")))
            if let removed = stage.removedSnapshot { parts.append("removed its unpublished \(removed)") }
        }
        if let message = stage.message { parts.append(DisplayText.line(message, limit: DisplayText.messageLimit)) }
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
