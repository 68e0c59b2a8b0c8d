import DeepCutCore

extension Dismissal {
    /// Times are kept to the millisecond, the precision of the JSON exchange format, so an
    /// export imported back compares equal instead of "newer by 0.4 ms".
    static func roundedTime(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }

    /// Whether this dismissal should replace `stored`, the row already kept for its album key.
    ///
    /// Display data is free when a dismissal is made and expensive forever after, so a row that
    /// has it is never replaced by a legacy key-only row. Otherwise the newer dismissal wins;
    /// on a tie the incoming one does, so saving twice is still deterministic.
    func supersedes(_ stored: Dismissal) -> Bool {
        if isLegacy != stored.isLegacy { return !isLegacy }
        return dismissedAt >= stored.dismissedAt
    }
}
