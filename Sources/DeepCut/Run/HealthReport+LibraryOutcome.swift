import DeepCutLibrary
import DeepCutPublish

extension HealthReport.LibraryStage {
    /// The library stage's report: per-source counts and the first warnings.
    init(_ outcome: LibraryOutcome) {
        self.init(status: outcome.warnings.isEmpty ? .ok : .partial, albums: outcome.albums.count, artists: outcome.artists.count,
                  sources: outcome.sources.map {
                      HealthReport.SourceSummary(source: $0.source, format: $0.format.rawValue, albums: $0.albums, warnings: $0.warnings)
                  },
                  warnings: outcome.warnings.map(\.description))
    }
}
