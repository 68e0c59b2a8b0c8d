/// Why an entry left the feed since the previous complete snapshot.
package enum ChangeReason: String, Codable, Sendable, CaseIterable {
    /// The user now owns it (library files or `library add`).
    case nowOwned
    case dismissed
    /// The artist's catalog no longer lists it.
    case withdrawn
    /// Its date fell out of the window.
    case agedOut
    /// Its type is no longer wanted (`feed.types`).
    case filtered
    /// Another edition of its family is shown instead.
    case folded
    /// Its date moved into the future or vanished.
    case rescheduled
    /// Its artist is no longer in the library.
    case artistRemoved
}
