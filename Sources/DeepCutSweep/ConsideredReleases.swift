import DeepCutCore

/// The releases the diff considers, as one list in the diff's order — this run's answers, the stale
/// ones, those beyond a cut listing — taken out of the sweep's outcome so that only one copy is
/// ever held, and with the library artist each remembered one was read back under, for `KeptLinks`.
package struct ConsideredReleases: Sendable {
    package private(set) var releases: [Release] = []
    /// Consecutive runs of `releases` by origin: each run ends before `end`; `rememberedUnder` is the
    /// library artist it was read back from the catalog memory under (without links), nil when the
    /// catalog gave it in this run (with links).
    private(set) var runs: [(end: Int, rememberedUnder: String?)] = []

    init() {}

    mutating func reserve(_ count: Int) {
        releases.reserveCapacity(count)
    }

    mutating func append(_ more: some Collection<Release>, rememberedUnder artist: String?) {
        guard !more.isEmpty else { return }
        releases.append(contentsOf: more)
        if let last = runs.last, last.rememberedUnder == artist {
            runs[runs.count - 1].end = releases.count
        } else {
            runs.append((releases.count, artist))
        }
    }

    /// Every release with the library artist it was remembered under (nil: fetched in this run), in order.
    func forEach(_ body: (Release, _ rememberedUnder: String?) -> Void) {
        var start = 0
        for run in runs {
            for index in start..<run.end { body(releases[index], run.rememberedUnder) }
            start = run.end
        }
    }
}

extension CatalogSweep.Outcome {
    /// Takes the releases the diff considers out of the outcome, one artist at a time, so the flat
    /// list never sits beside a second copy. After it the outcome still holds the counts, the status,
    /// the incomplete artists and the stale marks, but every `.fetched` answer lists nothing: which
    /// artists truly listed nothing must be read before (`HealthReport.SweepStage`).
    package mutating func takeReleases() -> ConsideredReleases {
        var considered = ConsideredReleases()
        considered.reserve(
            sweep.results.reduce(0) { $0 + $1.outcome.releases.count } + stale.releases.count
                + beyondCoverage.reduce(0) { $0 + $1.releases.count })
        for index in sweep.results.indices {
            let result = sweep.results[index]
            guard case .fetched(let releases) = result.outcome, !releases.isEmpty else { continue }
            sweep.results[index].outcome = .fetched([])
            considered.append(releases, rememberedUnder: result.source == .memory ? result.artist : nil)
        }
        for release in stale.releases {
            considered.append(CollectionOfOne(release), rememberedUnder: stale.artists[release.id])
        }
        stale.releaseReleases()
        for (artist, releases) in beyondCoverage { considered.append(releases, rememberedUnder: artist) }
        beyondCoverage = []
        return considered
    }
}
