/// The Diff stage: catalog releases minus owned minus dismissed, wanted types only, inside the
/// window, one entry per album key, newest first. Pure, so it is tested without fixtures.
public struct Diff: Sendable {
    public var wantedTypes: Set<RecordingType>
    public var windowDays: Int

    public init(wantedTypes: Set<RecordingType>, windowDays: Int) {
        self.wantedTypes = wantedTypes
        self.windowDays = windowDays
    }

    /// - Parameters:
    ///   - releases: every release the sweep fetched.
    ///   - owned: album keys of the user's library.
    ///   - dismissed: album keys the user marked "Not interested".
    ///   - today: days since 1970-01-01 (UTC) of the run; the window is `[today - windowDays, today]`.
    public func callAsFunction(releases: [Release], owned: Set<AlbumKey>, dismissed: Set<AlbumKey>, today: Int) -> FeedDiff {
        var dropped: [DropReason: Int] = [:]
        var chosen: [AlbumKey: (release: Release, date: ReleaseDate)] = [:]
        let oldest = today - windowDays
        for release in releases {
            let key = AlbumKey(title: release.title, artist: release.artist)
            let reason: DropReason?
            if owned.contains(key) {
                reason = .owned
            } else if dismissed.contains(key) {
                reason = .dismissed
            } else if !wantedTypes.contains(release.type) {
                reason = .unwantedType
            } else if let date = release.releaseDate {
                if date.epochDay > today {
                    reason = .notYetReleased
                } else if date.epochDay < oldest {
                    reason = .outsideWindow
                } else if let current = chosen[key] {
                    reason = .folded
                    if Self.prefers(release, over: current.release) { chosen[key] = (release, date) }
                } else {
                    reason = nil
                    chosen[key] = (release, date)
                }
            } else {
                reason = .undated
            }
            if let reason { dropped[reason, default: 0] += 1 }
        }
        let entries = chosen.values
            .map { FeedEntry($0.release, releaseDate: $0.date) }
            .sorted(by: Self.newestFirst)
        return FeedDiff(entries: entries, dropped: dropped, considered: releases.count)
    }

    /// Of two twins (explicit and clean editions share a title), show the explicit one, the
    /// edition as the artist made it; otherwise the earlier date, then the smaller id, so the choice is stable.
    static func prefers(_ candidate: Release, over current: Release) -> Bool {
        if candidate.isExplicit != current.isExplicit { return candidate.isExplicit }
        if candidate.releaseDate != current.releaseDate, let a = candidate.releaseDate, let b = current.releaseDate { return a < b }
        return candidate.id < current.id
    }

    /// Newest first; ties by artist, then title, then id, so two runs over the same data agree byte for byte.
    static func newestFirst(_ a: FeedEntry, _ b: FeedEntry) -> Bool {
        if a.releaseDate != b.releaseDate { return a.releaseDate > b.releaseDate }
        if a.key != b.key { return a.key < b.key }
        return a.id < b.id
    }
}
