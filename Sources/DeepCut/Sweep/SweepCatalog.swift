import DeepCutCore

/// The SweepCatalog stage: one typed `ArtistResult` per library artist, in library order.
///
/// Artists run in a sliding window: it is filled to `concurrency`, then one artist starts per
/// artist that finishes, so a slow artist holds one slot, never the whole batch.
/// When the surrounding task is cancelled (SIGTERM), no further artist starts: those never started
/// are `.skipped(.cancelled)`, and those in flight end as `.failed` with kind `cancelled` because
/// their requests stop. The sweep is then partial, never a silently shorter "complete" one.
struct SweepCatalog: Sendable {
    let provider: any CatalogProvider
    /// Artists in flight at once.
    let concurrency: Int
    /// Told about every artist as it finishes (progress lines); called from concurrent tasks.
    let artistFinished: @Sendable (ArtistResult) -> Void

    init(provider: any CatalogProvider, concurrency: Int, artistFinished: @escaping @Sendable (ArtistResult) -> Void = { _ in }) {
        self.provider = provider
        self.concurrency = max(1, concurrency)
        self.artistFinished = artistFinished
    }

    func run(artists: [String]) async -> SweepOutcome {
        var finished = [ArtistResult?](repeating: nil, count: artists.count)
        await withTaskGroup(of: (Int, ArtistResult).self) { group in
            var nextIndex = 0
            var inFlight = 0
            while true {
                while inFlight < concurrency, nextIndex < artists.count, !Task.isCancelled {
                    let index = nextIndex
                    group.addTask { (index, await sweep(artists[index])) }
                    nextIndex += 1
                    inFlight += 1
                }
                guard let (index, result) = await group.next() else { break }
                inFlight -= 1
                finished[index] = result
                artistFinished(result)
            }
        }
        // Only cancellation leaves an artist unstarted.
        let results = artists.indices.map { finished[$0] ?? ArtistResult(artist: artists[$0], outcome: .skipped(.cancelled)) }
        return SweepOutcome(provider: provider.name, results: results)
    }

    /// Resolves and fetches one artist, counting every request made on its behalf.
    private func sweep(_ artist: String) async -> ArtistResult {
        let tally = RequestTally()
        return await RequestTally.$current.withValue(tally) {
            let (catalogID, outcome) = await outcome(of: artist)
            return ArtistResult(artist: artist, catalogID: catalogID, outcome: outcome, requests: tally.requests)
        }
    }

    private func outcome(of artist: String) async -> (catalogID: String?, ArtistOutcome) {
        switch await provider.resolveArtist(named: artist) {
        case .notFound:
            return (nil, .notFound)
        case .failed(let failure):
            return (nil, .failed(failure))
        case .found(let id, let catalogName):
            switch await provider.releases(ofArtistID: id, named: catalogName) {
            case .success(let releases): return (id, .fetched(releases))
            case .failure(let failure): return (id, .failed(failure))
            }
        }
    }
}
