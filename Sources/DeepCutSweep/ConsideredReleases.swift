import DeepCutCore

/// The releases the diff considers, in the diff's order — this run's answers, the stale ones, those
/// beyond a cut listing — taken out of the sweep's outcome artist by artist: each artist's list is
/// moved, never copied into one flat list, so the run holds every release once (a flat copy of
/// 250,000 was 50 MB of run B's peak, BENCHMARKS.md §4). Each list knows the library artist its
/// releases were read back from the catalog memory under, for `KeptLinks`.
package struct ConsideredReleases: Sendable {
    /// The lists in order, as the diff reads them (`Diff(chunks:)`).
    package private(set) var chunks: [[Release]] = []
    /// For each list, the library artist it was read back from the catalog memory under (without
    /// links), nil when the catalog gave it in this run (with links).
    private(set) var origins: [String?] = []

    init() {}

    /// Every release, in order.
    package var releases: FlattenSequence<[[Release]]> { chunks.joined() }

    mutating func append(_ more: [Release], rememberedUnder artist: String?) {
        guard !more.isEmpty else { return }
        chunks.append(more)
        origins.append(artist)
    }

    /// One more release, joined to the last list when it has the same origin.
    mutating func append(_ release: Release, rememberedUnder artist: String?) {
        if let last = origins.indices.last, origins[last] == artist {
            chunks[last].append(release)
        } else {
            append([release], rememberedUnder: artist)
        }
    }

    /// Every release with the library artist it was remembered under (nil: fetched in this run), in order.
    func forEach(_ body: (Release, _ rememberedUnder: String?) -> Void) {
        for (chunk, origin) in zip(chunks, origins) {
            for release in chunk { body(release, origin) }
        }
    }
}

extension CatalogSweep.Outcome {
    /// Takes the releases the diff considers out of the outcome, one artist at a time, so no list
    /// sits beside a second copy. After it the outcome still holds the counts, the status,
    /// the incomplete artists and the stale marks, but every `.fetched` answer lists nothing: which
    /// artists truly listed nothing must be read before (`HealthReport.SweepStage`).
    package mutating func takeReleases() -> ConsideredReleases {
        var considered = ConsideredReleases()
        for index in sweep.results.indices {
            guard case .fetched(let releases) = sweep.results[index].outcome, !releases.isEmpty else { continue }
            let (artist, source) = (sweep.results[index].artist, sweep.results[index].source)
            // The outcome lets go of its list: the list moves, no release is copied.
            sweep.results[index].outcome = .fetched([])
            considered.append(releases, rememberedUnder: source == .memory ? artist : nil)
        }
        for release in stale.releases {
            considered.append(release, rememberedUnder: stale.artists[release.id])
        }
        stale.releaseReleases()
        for (artist, releases) in beyondCoverage { considered.append(releases, rememberedUnder: artist) }
        beyondCoverage = []
        return considered
    }
}
