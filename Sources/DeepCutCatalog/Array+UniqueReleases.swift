import DeepCutCore

extension Array where Element == Release {
    /// The releases with repeated ids removed, first occurrence kept: catalogs can list one album twice
    /// (across pages, or twice on one page), and a repeat must not become two feed entries.
    func uniquedByID() -> [Release] {
        var seen: Set<String> = []
        return filter { seen.insert($0.id).inserted }
    }
}
