import DeepCutCore
import DeepCutState

/// The artwork and catalog URLs of the feed entries whose releases were read back from the catalog
/// memory without them (a repair run's reused answers, stale releases, those beyond a cut listing):
/// read by id for the entries, upcoming entries and alternates the diff kept — a few hundred rows
/// instead of every remembered release's two longest strings. The memory stays the one truth: the
/// links come from the very rows the releases were read from.
struct KeptLinks: Sendable {
    /// The remembered row behind each kept id, by release id.
    let rows: [String: CatalogMemory.ReleaseRef]

    /// - Parameters:
    ///   - diff: what the diff kept.
    ///   - sweep: the diff's input, walked in the order the diff read it (`CatalogSweep.Outcome.releases`):
    ///     of two copies of one id the diff shows the first, so the first copy says where its links are.
    init(kept diff: FeedDiff, of sweep: CatalogSweep.Outcome) {
        var wanted: Set<String> = []
        for entry in diff.entries + diff.upcoming {
            wanted.insert(entry.id)
            for alternate in entry.alternates { wanted.insert(alternate.id) }
        }
        var seen: Set<String> = []
        var rows: [String: CatalogMemory.ReleaseRef] = [:]
        func visit(_ releases: [Release], rememberedUnder artist: (String) -> String?) {
            for release in releases where wanted.contains(release.id) && seen.insert(release.id).inserted {
                if let artist = artist(release.id) { rows[release.id] = CatalogMemory.ReleaseRef(artist: artist, id: release.id) }
            }
        }
        for result in sweep.sweep.results {
            visit(result.outcome.releases) { _ in result.source == .memory ? result.artist : nil }
        }
        visit(sweep.stale.releases) { sweep.stale.artists[$0] }
        for (artist, releases) in sweep.beyondCoverage { visit(releases) { _ in artist } }
        self.rows = rows
    }

    /// `diff` with the links of its entries read back from memory filled in.
    func fill(_ diff: FeedDiff, store: StateStore, provider: String) async throws -> FeedDiff {
        guard !rows.isEmpty else { return diff }
        let refs = Array(rows.values)
        let links = try await store.perform { try $0.memory.links(provider: provider, of: refs) }
        let byID = { (id: String) in rows[id].flatMap { links[$0] } }
        var diff = diff
        let fillEntry = { (entry: FeedEntry) -> FeedEntry in
            var entry = entry
            if let found = byID(entry.id) { (entry.artworkURL, entry.url) = (found.artworkURL, found.url) }
            for index in entry.alternates.indices {
                if let found = byID(entry.alternates[index].id) { entry.alternates[index].url = found.url }
            }
            return entry
        }
        diff.entries = diff.entries.map(fillEntry)
        diff.upcoming = diff.upcoming.map(fillEntry)
        return diff
    }
}
