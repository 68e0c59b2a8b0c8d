import DeepCutCore
import DeepCutState
import Foundation

/// The last known releases of the artists a run could not check, from the catalog memory: a
/// partial snapshot carries them, through the same Diff (owned, dismissed, the window still
/// apply), as entries marked `stale` with when they were last checked. A reader sees the same
/// items during an outage as before it.
package struct StaleReleases: Sendable {
    /// In library order of their artists.
    package private(set) var releases: [Release] = []
    /// When each stale release's artist last gave a definite answer, by release id.
    private(set) var lastChecked: [String: Date] = [:]
    /// The library artist each stale release is remembered under, by release id: where its links are read.
    private(set) var artists: [String: String] = [:]

    package init() {}

    /// The remembered releases of `sweep`'s incomplete artists, except any this run fetched fresh.
    /// - Parameters:
    ///   - remembered: the catalog memory's last answers, by library name.
    ///   - now: the run's start; a last check dated after it (a clock that ran ahead) reads as `now`.
    init(of sweep: SweepOutcome, remembered: [String: CatalogMemory.Remembered], now: Date) {
        let incomplete = sweep.incompleteArtists
        guard !incomplete.isEmpty else { return }
        let fresh = Set(sweep.releases.map(\.id))
        for artist in incomplete {
            guard let answer = remembered[artist] else { continue }
            for release in answer.result.outcome.releases where !fresh.contains(release.id) && lastChecked[release.id] == nil {
                releases.append(release)
                lastChecked[release.id] = min(answer.checkedAt, now)
                artists[release.id] = artist
            }
        }
    }

    /// Lets go of the releases once the diff has run: marking entries needs only when each was checked.
    mutating func releaseReleases() {
        releases = []
        artists = [:]
    }

    /// `entries` with the stale ones marked.
    package func mark(_ entries: [FeedEntry]) -> [FeedEntry] {
        guard !lastChecked.isEmpty else { return entries }
        return entries.map { entry in
            guard let checkedAt = lastChecked[entry.id] else { return entry }
            var stale = entry
            stale.lastCheckedAt = checkedAt
            return stale
        }
    }
}

extension StaleReleases {
    /// The stale releases of `artists` only (library names, as the sweep's results spell them): one
    /// household profile's share of a sweep of every profile's artists.
    func restricted(to artists: Set<String>) -> StaleReleases {
        var kept = StaleReleases()
        for release in releases {
            guard let artist = self.artists[release.id], artists.contains(artist) else { continue }
            kept.releases.append(release)
            kept.lastChecked[release.id] = lastChecked[release.id]
            kept.artists[release.id] = artist
        }
        return kept
    }
}
