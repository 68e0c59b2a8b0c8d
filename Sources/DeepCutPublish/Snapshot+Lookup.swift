import DeepCutCore

extension Snapshot {
    /// The entry showing this release id, or folding it in as an alternate edition.
    func entry(withID id: String) -> FeedEntry? {
        entries.first { $0.id == id || $0.alternates.contains { $0.id == id } }
    }

    /// The entry (released or upcoming) a person names by what they see: the feed's item id
    /// (`tag:…/2000022`), the catalog id, or the release's URL; an alternate edition's id or URL
    /// names the entry that folds it.
    /// - Returns: the entry and the catalog id of the release named.
    package func entry(named reference: String) -> (entry: FeedEntry, releaseID: String)? {
        let id = FeedIdentity.releaseID(fromEntryID: reference, provider: provider) ?? reference
        for entry in entries + (upcoming ?? []) {
            if entry.id == id || entry.url == reference { return (entry, entry.id) }
            if let alternate = entry.alternates.first(where: { $0.id == id || $0.url == reference }) { return (entry, alternate.id) }
        }
        return nil
    }
}
