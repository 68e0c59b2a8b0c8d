import DeepCutConfig
import DeepCutPublish
import DeepCutState

extension PrometheusTextfile {
    /// Writes a finished run's metrics when the config names a `prometheusTextfile`.
    ///
    /// An `--if-stale` skip writes nothing, so the file keeps describing the last real sweep.
    /// The last success comes from the run history; without a usable store it reads 0, which is
    /// what an alert on it should see while the state database is broken.
    static func publish(_ report: HealthReport, config: Config, store: StateStore?) throws {
        guard let url = config.prometheusTextfile, report.status != .skipped else { return }
        try PrometheusTextfile(url: url).write(report, provider: config.catalog.provider.rawValue,
                                               previousSuccess: try store?.runs.lastCompleteFinish())
    }
}
