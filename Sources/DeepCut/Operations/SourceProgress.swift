import DeepCutCore
import DeepCutSweep

/// Watches the sweep of a source beside the home one (`catalogs`): its start, end and failed
/// artists go to the log under its key, and it draws no bar: the home source's `SweepProgress` is
/// the run's, so two bars never fight over one terminal line.
struct SourceProgress: SweepObserver {
    let source: String
    let total: Int
    let log: EventLog

    func artistFinished(_ result: ArtistResult) {
        // An id another storefront found and this one does not list is searched here next: no failure.
        guard case .failed(let failure) = result.outcome, !result.isStorefrontMiss else { return }
        log.warning("source.artist.failed", ["source": source, "artist": result.artist, "kind": failure.kind.rawValue])
    }

    func noticed(_ fault: CatalogFault) {
        log.warning("catalog.faulty", ["source": source, "vanished": fault.vanished, "known": fault.known])
    }

    func watching(_ pass: () async -> Result<SweepCatalog.Swept, any Error>) async -> Result<SweepCatalog.Swept, any Error> {
        log.info("source.sweep.started", ["source": source, "total": total])
        let result = await pass()
        if case .success(let swept) = result {
            let counts = swept.outcome.counts
            let failed = swept.outcome.results.filter { result in
                guard case .failed = result.outcome else { return false }
                return !result.isStorefrontMiss
            }.count
            log.info("source.sweep.finished", ["source": source, "done": counts.total - counts.skipped, "failed": failed])
        }
        return result
    }
}
