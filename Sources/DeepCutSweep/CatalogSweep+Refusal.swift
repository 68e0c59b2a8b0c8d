import DeepCutCatalog
import DeepCutCore
import DeepCutState
import Foundation

extension CatalogSweep {
    /// The outcome of a source whose credentials were refused before it swept, when other sources
    /// count (`catalogs`): every artist failed with the refusal, so the failed-source path runs as for
    /// an outage — its remembered listings are carried stale, nothing is withdrawn or remembered, and
    /// its artists stay owed an answer, asked again once the token is accepted.
    func refusedOutcome(
        _ refused: CatalogAuthorizationError, provider: any CatalogProvider, plan: Plan,
        remembered: [String: CatalogMemory.Remembered]
    ) async throws -> Outcome {
        // The catalog's reason, as the sweep's failure messages carry it: never the credential.
        let failure = FetchFailure(
            kind: .http, httpStatus: refused.httpStatus, attempts: 0,
            message: "not requested: the credentials were refused (\(refused.reason))")
        let key = source.source.key
        let results = plan.artists.map { ArtistResult(artist: $0, outcome: .failed(failure)) }
        var outcome = Outcome(sweep: SweepOutcome(provider: key, results: results), provider: provider)
        outcome.refused = refused
        outcome.stale = StaleReleases(of: outcome.sweep, remembered: remembered, now: plan.startedAt)
        let (artists, runID) = (plan.artists, plan.runID)
        try await store.perform { try $0.runs.recordAnswers(provider: key, runID: runID, unanswered: artists, answered: []) }
        return outcome
    }
}
