import DeepCutCatalog
import DeepCutConfig
import DeepCutState
import Foundation

extension SweepCatalog {
    /// The sweep a run's config asks for, caching resolutions in the state database.
    /// - Parameter now: the run's wall clock, so the resolution cache ages on the same (possibly virtual) clock.
    package init(config: Config, provider: any CatalogProvider, store: StateStore, now: @escaping @Sendable () -> Date = { Date() }) {
        let deadline = config.catalog.sweepDeadlineMinutes.map { Duration.milliseconds(Int64(($0 * 60_000).rounded())) }
        self.init(provider: provider, concurrency: config.catalog.concurrency, resolutionCache: store.artistResolutions,
                  overrides: config.artistOverrides, deadline: deadline, now: now)
    }
}
