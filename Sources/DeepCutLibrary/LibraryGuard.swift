/// The library cannot silently vanish: an empty library, or one whose artists shrank sharply since
/// the last complete run, is refused (exit 65) before anything is swept, published or remembered.
///
/// A truncated export (a header-only CSV, a Library.xml cut short, a beets database being rebuilt)
/// reads as a valid library of a few artists; swept, it would report every other artist's releases
/// `artistRemoved` and become the baseline.
package struct LibraryGuard: Sendable {
    /// `library.maxShrinkPercent`.
    var maxShrinkPercent: Int
    /// `sweep --accept-library-change`: the operator says the shrink is intended.
    var acceptChange: Bool

    /// - Parameters:
    ///   - loaded: what the configured sources gave, before albums recorded with `library add`.
    ///   - library: everything swept, the artists the run history keeps.
    ///   - previous: the newest complete run and its library artist count, if any.
    package func check(loaded: LibraryOutcome, library: LibraryOutcome, previous: (runID: String, artists: Int)?) throws {
        let sources = loaded.sources.map { "\($0.source) (\($0.format.rawValue))" }.joined(separator: ", ")
        guard !loaded.albums.isEmpty else {
            throw LibraryError(message: "library is empty: no albums in \(sources); refusing to sweep an empty library "
                + "(a truncated export?); nothing published, baseline kept")
        }
        guard !acceptChange, let previous, previous.artists > 0 else { return }
        let lost = previous.artists - library.artists.count
        guard lost * 100 > maxShrinkPercent * previous.artists else { return }
        throw LibraryError(message: "library shrank from \(previous.artists) to \(library.artists.count) artists "
            + "(-\(lost * 100 / previous.artists) %) since the last complete run \(previous.runID), more than "
            + "library.maxShrinkPercent \(maxShrinkPercent) allows; sources: \(sources); nothing published, baseline kept. "
            + "If the change is intended, run `deepcut sweep --accept-library-change`")
    }

    package init(maxShrinkPercent: Int, acceptChange: Bool) {
        self.maxShrinkPercent = maxShrinkPercent
        self.acceptChange = acceptChange
    }
}
