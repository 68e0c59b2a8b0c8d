/// What makes a release new to the user (`feed.newBy`).
package enum NewBy: String, Sendable, Hashable, CaseIterable, Codable {
    /// Its release date is inside the window.
    case release
    /// It appeared in the artist's catalog inside the window (after the artist's first check),
    /// whatever its release date: catches old albums added to the catalog late.
    case discovery
    /// Either of the two.
    case either
}
