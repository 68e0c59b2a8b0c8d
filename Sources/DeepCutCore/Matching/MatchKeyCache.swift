/// Reads each distinct artist credit once.
///
/// A catalog repeats an artist's name on every release (5,000 artists × 50 releases are 250,000
/// credits but 5,000 names), and reading a credit — folding it, dropping featured artists,
/// splitting joins — is the costlier half of a match key. The diff keeps one cache for a run.
struct MatchKeyCache {
    struct Credits {
        /// `ArtistCredit.main`: the artist half of a release's primary `MatchKey`.
        var main: String
        /// `ArtistCredit.all`: the artist halves of `MatchKey.all`.
        var all: Set<String>
    }

    private var known: [String: Credits] = [:]

    mutating func credits(of artist: String) -> Credits {
        if let credits = known[artist] { return credits }
        let main = ArtistCredit.main(artist)
        let credits = Credits(main: main, all: ArtistCredit.all(main: main))
        known[artist] = credits
        return credits
    }
}
