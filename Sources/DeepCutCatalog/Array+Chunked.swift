extension Array {
    /// Consecutive slices of at most `size` elements (at least 1), in order.
    func chunked(into size: Int) -> [[Element]] {
        let size = Swift.max(1, size)
        return stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
