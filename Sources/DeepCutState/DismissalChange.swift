/// What saving one dismissal did to the stored rows.
package enum DismissalChange: Sendable, Hashable {
    /// The album key was not dismissed before.
    case inserted
    /// The stored row was replaced by a richer or newer one.
    case updated
    /// The stored row was kept: identical, richer, or newer.
    case unchanged
}
