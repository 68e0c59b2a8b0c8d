/// Why the diff left a catalog release out of the feed. Raw values are the health report's keys.
package enum DropReason: String, Codable, Sendable, CaseIterable {
    case owned
    case dismissed
    case unwantedType
    /// Released before the window opened.
    case outsideWindow
    /// Dated after today: not released yet.
    case notYetReleased
    /// The catalog gave no usable date.
    case undated
    /// Another release with the same album key (an explicit/clean twin, a repeat) is shown instead.
    case folded
}
