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
    ///   - considered: the diff's input, in its order: of two copies of one id the diff shows the
    ///     first, so the first copy says where its links are.
    init(kept diff: FeedDiff, of considered: ConsideredReleases) {
        var wanted: Set<String> = []
        for entry in diff.entries + diff.upcoming {
            wanted.insert(entry.id)
            for alternate in entry.alternates { wanted.insert(alternate.id) }
        }
        var seen: Set<String> = []
        var rows: [String: CatalogMemory.ReleaseRef] = [:]
        considered.forEach { release, artist in
            guard wanted.contains(release.id), seen.insert(release.id).inserted, let artist else { return }
            rows[release.id] = CatalogMemory.ReleaseRef(artist: artist, id: release.id)
        }
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
