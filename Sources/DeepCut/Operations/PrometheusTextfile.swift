import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutPublish
import DeepCutState
import Foundation

/// The run's numbers for node_exporter's textfile collector (`prometheusTextfile` in the config).
///
/// Every series is always written, zero when unknown, so an alert on one never goes silent
/// because a run stopped early. The file is replaced atomically: the collector never reads half.
struct PrometheusTextfile: Sendable {
    /// Not-found and ambiguous artists named per reason, at most: enough to paste overrides from,
    /// few enough that a wrong storefront (every artist not found) cannot flood the collector.
    static let unresolvedSeriesLimit = 100

    let url: URL

    /// Writes the metrics for a finished sweep, creating the folder if needed.
    /// - Parameters:
    ///   - provider: the configured catalog provider, the `provider` label even when the sweep never ran.
    ///   - previousSuccess: when the last complete run finished, kept when this run was not complete.
    ///   - feedEntries: the releases feed.json holds after the run (see `render`).
    func write(
        _ report: HealthReport, provider: String, previousSuccess: Date?, feedEntries: FeedCount? = nil, profile: String? = nil
    )
        throws
    {
        try AtomicFile.createDirectory(url.deletingLastPathComponent())
        try AtomicFile.write(
            Self.render(report, provider: provider, previousSuccess: previousSuccess, feedEntries: feedEntries, profile: profile), to: url)
    }

    /// What feed.json holds, as far as it can be read.
    enum FeedCount: Sendable, Hashable {
        case entries(Int)
        /// feed.json is there but unreadable: `NaN`, never a 0 that reads as an empty feed
        /// (`deepcut health` names the file).
        case unreadable

        /// No feed.json yet holds nothing; one that cannot be read has no count.
        static func read(outputDirectory: URL) -> FeedCount {
            do {
                return .entries(try PublishedFeed.read(outputDirectory: outputDirectory)?.entries ?? 0)
            } catch {
                return .unreadable
            }
        }

        var sample: String {
            switch self {
            case .entries(let count): "\(count)"
            case .unreadable: "NaN"
            }
        }
    }

    /// The run states `deepcut_last_run_status` has a series for (a skip writes no metrics).
    static let runStates: [RunStatus] = [.complete, .partial, .failed]

    /// The states `deepcut_source_status` has a series for, per source.
    static let sourceStates: [SourceStatus.State] = [.complete, .partial, .failed, .unreachable]

    /// - Parameter feedEntries: the releases feed.json holds after the run (announcements apart, as
    ///   a run counts its entries): a failed run publishes
    ///   nothing, so the feed keeps the last published snapshot's items, and that is what
    ///   `deepcut_feed_entries` reports beside `deepcut_last_run_status`. Nil: the run's own count.
    /// - Parameter profile: a household profile's name: every sample then carries `profile="NAME"`,
    ///   so its file sits beside the household's in the collector's folder without a clash.
    static func render(
        _ report: HealthReport, provider: String, previousSuccess: Date?, feedEntries: FeedCount? = nil, profile: String? = nil
    ) -> String {
        let complete = report.status == .complete
        let lastSuccess = complete ? report.finishedAt : previousSuccess
        let artists = report.sweep.artists
        var text = ""
        let profileLabel = profile.map { "profile=\"\(labelValue($0))\"" }
        func series(_ name: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n"
            for sample in samples {
                var labels = sample.labels
                if let profileLabel { labels = labels.isEmpty ? "{\(profileLabel)}" : "{\(profileLabel)," + labels.dropFirst() }
                text += "\(name)\(labels) \(sample.value)\n"
            }
        }
        series(
            "deepcut_last_run_timestamp_seconds", "Unix time the last sweep finished.",
            [("", timestamp(report.finishedAt))])
        series(
            "deepcut_last_success_timestamp_seconds", "Unix time the last complete sweep finished (0: none recorded).",
            [("", timestamp(lastSuccess))])
        series(
            "deepcut_last_run_duration_seconds", "How long the last sweep took.",
            [("", "\((report.finishedAt.timeIntervalSince(report.startedAt) * 1000).rounded() / 1000)")])
        series(
            "deepcut_sweep_complete", "1 when the last sweep has an answer for every library artist, else 0.",
            [("", complete ? "1" : "0")])
        series(
            "deepcut_artists", "Library artists by how the last sweep ended for them.",
            [
                (#"{state="fetched"}"#, "\(artists.fetched)"),
                (#"{state="notFound"}"#, "\(artists.notFound)"),
                (#"{state="failed"}"#, "\(artists.failed)"),
                (#"{state="skipped"}"#, "\(artists.skipped)")
            ])
        series(
            "deepcut_last_run_status", "1 for how the last sweep ended (complete, partial or failed), 0 for the others.",
            runStates.map { ("{status=\"\($0.rawValue)\"}", report.status == $0 ? "1" : "0") })
        series(
            "deepcut_feed_entries",
            "Releases feed.json holds after the last sweep (a failed sweep leaves the previous feed; announcements apart).",
            [("", feedEntries?.sample ?? "\(report.diff.entries)")])
        series(
            "deepcut_requests", "Catalog HTTP requests the last sweep made, retries included.",
            [("{provider=\"\(labelValue(provider))\"}", "\(report.sweep.requests)")])
        let failures = Dictionary(grouping: report.sweep.failures, by: \.kind)
        series(
            "deepcut_artist_failures", "Artists the last sweep could not check, by failure kind.",
            FailureKind.allCases.map { ("{kind=\"\($0.rawValue)\"}", "\(failures[$0]?.count ?? 0)") })
        series(
            "deepcut_library_albums", "Albums in the library the last sweep read (owned ones included).",
            [("", "\(report.library.albums)")])
        series("deepcut_library_artists", "Library artists the last sweep read.", [("", "\(report.library.artists)")])
        let unresolved = UnresolvedArtists(report.sweep)
        let named = [("notFound", unresolved.notFound), ("ambiguous", unresolved.ambiguous)].flatMap { reason, names in
            names.prefix(unresolvedSeriesLimit).map { (#"{artist=""# + labelValue($0) + #"",reason=""# + reason + #""}"#, "1") }
        }
        series(
            "deepcut_artist_unresolved",
            "1 for each library artist not found in the catalog or ambiguous among namesakes (pin it with artistOverrides).",
            named)
        series(
            "deepcut_build_info", "The deepcut version that wrote these metrics.",
            [("{version=\"\(labelValue(ClientVersion.current))\"}", "1")])
        if let pace = report.sweep.pace {
            series(
                "deepcut_effective_requests_per_minute", "The pace the catalog accepted at the end of the last sweep.",
                [("{provider=\"\(labelValue(provider))\"}", "\(pace.effective)")])
            series(
                "deepcut_rate_limited_answers", "Answers of the last sweep that said \"too fast\".",
                [("{provider=\"\(labelValue(provider))\"}", "\(pace.rateLimitedAnswers)")])
        }
        if let sources = report.sources, !sources.isEmpty {
            let label = { (source: SourceStatus) in "{source=\"\(labelValue(source.key))\"}" }
            series(
                "deepcut_source_status", "1 for how each configured catalog source ended the last sweep, 0 for the others.",
                sources.flatMap { source in
                    Self.sourceStates.map {
                        ("{source=\"\(labelValue(source.key))\",status=\"\($0.rawValue)\"}", source.status == $0 ? "1" : "0")
                    }
                })
            series(
                "deepcut_source_requests", "Catalog HTTP requests the last sweep made to each source, retries included.",
                sources.map { (label($0), "\($0.requests)") })
            series(
                "deepcut_source_listed", "Feed entries each source lists after the last sweep (stale listings included).",
                sources.map { (label($0), "\($0.listed)") })
        }
        if let tokens = report.tokens, !tokens.isEmpty {
            let label = { (token: TokenExpiry) in "{token=\"\(labelValue(token.key))\"}" }
            series(
                "deepcut_token_expiry_timestamp_seconds",
                "Unix time the configured token expires (its JWT exp; 0: not readable). Alert well before it.",
                tokens.map { (label($0), timestamp($0.expiresAt)) })
            series(
                "deepcut_token_expiry_status",
                "0 ok, 1 expires within 14 days, 2 expired, 3 expiry unknown, when the last sweep finished.",
                tokens.map { (label($0), "\(Self.statusValue($0.status(at: report.finishedAt)))") })
        }
        if let channels = report.notify, !channels.isEmpty {
            let label = { (channel: ChannelDelivery) in "{channel=\"\(labelValue(channel.channel))\",type=\"\(labelValue(channel.type))\"}"
            }
            series(
                "deepcut_notify_last_success_timestamp_seconds", "Unix time the channel last accepted a message (0: never).",
                channels.map { (label($0), timestamp($0.lastSuccessAt)) })
            series(
                "deepcut_notify_failing", "1 when the channel's last delivery attempt failed, else 0.",
                channels.map { (label($0), $0.lastError == nil ? "0" : "1") })
            series(
                "deepcut_notify_consecutive_failures", "Delivery attempts in a row the channel refused.",
                channels.map { (label($0), "\($0.consecutiveFailures)") })
            series(
                "deepcut_notify_owed_items", "Digest items still owed to the channel, retried next run.",
                channels.map { (label($0), "\($0.pending)") })
            series(
                "deepcut_notify_sent_items", "Digest items the channel accepted in the last run.",
                channels.map { (label($0), "\($0.sent)") })
        }
        return text
    }

    /// The monitoring-plugins codes: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.
    private static func statusValue(_ status: TokenExpiry.Status) -> Int {
        switch status {
        case .ok: 0
        case .warning: 1
        case .critical: 2
        case .unknown: 3
        }
    }

    /// Whole Unix seconds; 0 for "never".
    private static func timestamp(_ date: Date?) -> String {
        "\(Int((date?.timeIntervalSince1970 ?? 0).rounded(.down)))"
    }

    /// The exposition format's label escaping (backslash, double quote, newline), after the one
    /// cleaning rule (`ReadableText.line`): a name's controls and hidden line breaks are spaces.
    static func labelValue(_ raw: String) -> String {
        ReadableText.line(raw).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}

extension PrometheusTextfile {
    /// Writes a finished run's metrics when the config names a `prometheusTextfile`.
    ///
    /// An `--if-stale` skip writes nothing, so the file keeps describing the last real sweep.
    /// The last success comes from the run history; without a usable store it reads 0, which is
    /// what an alert on it should see while the state database is broken. The file is written (and
    /// synced) on `BlockingQueue.files`, off the cooperative threads.
    static func publish(_ report: HealthReport, config: Config, store: StateStore?) async throws {
        guard let url = config.prometheusTextfile, report.status != .skipped else { return }
        let provider = config.catalog.provider.rawValue
        let previousSuccess = try await store?.perform { try $0.runs.lastCompleteFinish() }
        let (outputDirectory, profile) = (config.outputDirectory, config.profileName)
        try await BlockingQueue.files.run {
            let feedEntries = FeedCount.read(outputDirectory: outputDirectory)
            try PrometheusTextfile(url: url).write(
                report, provider: provider, previousSuccess: previousSuccess, feedEntries: feedEntries, profile: profile)
        }
    }
}
