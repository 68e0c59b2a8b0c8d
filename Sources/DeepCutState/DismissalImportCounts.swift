/// The outcome of importing dismissals, per row. Importing the same rows again counts all unchanged.
package struct DismissalImportCounts: Sendable, Hashable, Codable {
    package var inserted = 0
    package var updated = 0
    package var unchanged = 0

    package init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }

    mutating func count(_ change: DismissalChange) {
        switch change {
        case .inserted: inserted += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        }
    }
}
