/// How a catalog counts `limit` in `lookup?id=A,B,…`, as its answers showed it.
package enum LookupLimitReading: String, Sendable {
    /// `limit` caps each artist's listing (an answer held more than `limit` collections).
    case perArtist
    /// `limit` looked like a cap on the whole answer (an answer held exactly `limit` and listed
    /// nothing after the cut): not proof, but reason not to spend small-limit lookups again.
    case perAnswer
}
