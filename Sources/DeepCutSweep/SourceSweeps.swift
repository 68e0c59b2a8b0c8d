import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutState
import Foundation

/// The sweep of several sources at once (`catalogs`): one `CatalogSweep` per source, concurrently,
/// each with its own rate budget, identity cache, memory, learned traits and pace, all kept under
/// the source's key. The budgets run side by side, so a cold sweep takes as long as its slowest source.
package struct SourceSweeps: Sendable {
    let config: Config
    let client: any HTTPClient
    let environment: [String: String]
    let store: StateStore
    let now: @Sendable () -> Date
    let observer: @Sendable (_ source: CatalogSource, _ asking: Int) -> any SweepObserver

    package init(
        config: Config, client: any HTTPClient, environment: [String: String], store: StateStore,
        now: @escaping @Sendable () -> Date, observer: @escaping @Sendable (_ source: CatalogSource, _ asking: Int) -> any SweepObserver
    ) {
        self.config = config
        self.client = client
        self.environment = environment
        self.store = store
        self.now = now
        self.observer = observer
    }

    /// One source's sweep. A source whose credentials were refused has an outcome too, in which its
    /// artists failed (`CatalogSweep.Outcome.refused`): the other sources still count.
    package struct Swept: Sendable {
        package var configured: ConfiguredSource
        package var outcome: CatalogSweep.Outcome
        /// Its diff, when the run gave `run` one to do as this source's sweep ended.
        package var diffed: FeedDiffStage.Outcome?
    }

    /// Sweeps every source; the plan is the home source's, each source reads its own repair state.
    /// - Parameters:
    ///   - plans: the plan of each source, by source key.
    ///   - diffing: each source's diff, run as soon as its sweep ends; nil leaves the diffs to the caller
    ///     (a household diffs each profile's share).
    /// - Throws: `DatabaseError`; a refused credential only when every source was refused.
    package func run(plans: [String: CatalogSweep.Plan], diffing: SourceDiff? = nil) async throws -> [Swept] {
        let sources = config.sources
        let sharing = StorefrontSharing.plan(sources.map { ($0.source.key, $0.catalog.provider.rawValue) })
        let swept = try await withThrowingTaskGroup(of: (Int, Swept).self) { group in
            for (index, configured) in sources.enumerated() {
                guard let plan = plans[configured.source.key] else { continue }
                var sweep = CatalogSweep(
                    config: config, source: configured, client: client, environment: environment, store: store, now: now,
                    observer: { [observer] in observer(configured.source, $0) })
                sweep.sharing = sharing[configured.source.key]
                group.addTask {
                    var outcome = try await sweep.run(plan)
                    // Named as the operator finds it in this config: `catalogs[1].tokenFile`.
                    outcome.refused?.key = "catalogs[\(index)].tokenFile"
                    let diffed = try await diffing?.diff(&outcome, of: configured)
                    return (index, Swept(configured: configured, outcome: outcome, diffed: diffed))
                }
            }
            var swept: [(Int, Swept)] = []
            for try await result in group { swept.append(result) }
            return swept.sorted { $0.0 < $1.0 }.map(\.1)
        }
        // With no source left, a refused credential is the configuration problem it is (exit 78).
        if swept.allSatisfy({ $0.outcome.refused != nil }), let refused = swept.first?.outcome.refused { throw refused }
        return swept
    }
}
