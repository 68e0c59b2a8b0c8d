import DeepCutConfig
import DeepCutCore
import Foundation

/// How each source of a several-catalogs run is diffed: as a one-catalog run is (`FeedDiffStage`),
/// against the library's albums and the ids it holds for that source's provider, keeping what the
/// merge reads. One run's sources share it, so dismissals and mutes are read once.
///
/// Given to `SourceSweeps.run`, each source is diffed as soon as its own sweep ends, while the
/// others still wait on their budgets: the merge then waits only for the last source's diff.
package struct SourceDiff: Sendable {
    let stage: FeedDiffStage
    let owned: [ProviderKind: OwnedAlbums]
    let today: Int
    /// The baseline's entry ids: the change set explains only those that left.
    let explaining: Set<String>
    let exclusions: UserExclusions

    /// - Parameter owned: the library's albums and ids for a provider, asked once for each source's.
    package init(
        stage: FeedDiffStage, sources: [ConfiguredSource], owned: (ProviderKind) -> OwnedAlbums, today: Int,
        explaining: Set<String>, exclusions: UserExclusions
    ) {
        self.stage = stage
        var byProvider: [ProviderKind: OwnedAlbums] = [:]
        for source in sources where byProvider[source.catalog.provider] == nil {
            byProvider[source.catalog.provider] = owned(source.catalog.provider)
        }
        self.owned = byProvider
        self.today = today
        self.explaining = explaining
        self.exclusions = exclusions
    }

    /// Diffs one source's answers, taking its releases out of `sweep` (`FeedDiffStage.run`).
    package func diff(_ sweep: inout CatalogSweep.Outcome, of source: ConfiguredSource) async throws -> FeedDiffStage.Outcome {
        guard let owned = owned[source.catalog.provider] else { preconditionFailure("a source the diff was not made for") }
        return try await stage.run(
            &sweep, owned: owned, today: today, explaining: explaining, keepingMergeEvidence: true, exclusions: exclusions)
    }
}
