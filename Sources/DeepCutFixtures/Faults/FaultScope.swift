/// The requests a fault applies to.
package enum FaultScope: String, Sendable, Hashable, Codable, CaseIterable {
    case search
    case lookup
    case any

    func covers(_ operation: CatalogOperation) -> Bool {
        switch self {
        case .any: true
        case .search: operation == .search
        case .lookup: operation == .lookup
        }
    }
}
