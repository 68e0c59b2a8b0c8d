import DeepCutCore

extension Snapshot {
    /// The entry showing this release id, or folding it in as an alternate edition.
    func entry(withID id: String) -> FeedEntry? {
        entries.first { $0.id == id || $0.alternates.contains { $0.id == id } }
    }
}
