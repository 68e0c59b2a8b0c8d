/// The Diff stage: catalog releases minus owned minus dismissed, wanted types only, inside the
/// window, one entry per release family, newest first. Pure, so it is tested without fixtures.
///
/// Owned and dismissed are matched by `MatchKey` sets, so an owned standard edition hides the
/// deluxe, and dismissing any member of a family hides the family.
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
    ///   - dismissed: album keys the user marked "Not interested" (legacy keys included).
    ///   - today: days since 1970-01-01 (UTC) of the run; the window is `[today - windowDays, today]`.
    public func callAsFunction(releases: [Release], owned: Set<AlbumKey>, dismissed: Set<AlbumKey>, today: Int) -> FeedDiff {
        let ownedKeys = Self.matchKeys(owned)
        let dismissedKeys = Self.matchKeys(dismissed)
        var dropped: [DropReason: Int] = [:]
        var families: [MatchKey: [Release]] = [:]
        let oldest = today - windowDays
        for release in releases {
            let keys = MatchKey.all(title: release.title, artist: release.artist)
            let reason: DropReason?
            if !keys.isDisjoint(with: ownedKeys) {
                reason = .owned
            } else if !keys.isDisjoint(with: dismissedKeys) {
                reason = .dismissed
            } else if !wantedTypes.contains(release.type) {
                reason = .unwantedType
            } else if let date = release.releaseDate {
                if date.epochDay > today {
                    reason = .notYetReleased
                } else if date.epochDay < oldest {
                    reason = .outsideWindow
                } else {
                    reason = nil
                    families[MatchKey(title: release.title, artist: release.artist), default: []].append(release)
                }
            } else {
                reason = .undated
            }
            if let reason { dropped[reason, default: 0] += 1 }
        }
        var entries: [FeedEntry] = []
        for members in families.values {
            let ranked = members.sorted(by: EditionRank.isMoreComplete)
            let shown = ranked[0]
            // Repeats of the same id (catalogs list some twice) are not alternates.
            var seen: Set<String> = [shown.id]
            let alternates = ranked.dropFirst().filter { seen.insert($0.id).inserted }
                .map { FeedAlternate(id: $0.id, title: $0.title, url: $0.url) }
            dropped[.folded, default: 0] += members.count - 1
            entries.append(FeedEntry(shown, releaseDate: shown.releaseDate!, alternates: alternates))
        }
        if dropped[.folded] == 0 { dropped[.folded] = nil }
        entries.sort(by: Self.newestFirst)
        return FeedDiff(entries: entries, dropped: dropped, considered: releases.count)
    }

    static func matchKeys(_ keys: Set<AlbumKey>) -> Set<MatchKey> {
        keys.reduce(into: Set<MatchKey>()) { $0.formUnion(MatchKey.all($1)) }
    }

    /// Newest first; ties by key, then id, so two runs over the same data agree byte for byte.
    static func newestFirst(_ a: FeedEntry, _ b: FeedEntry) -> Bool {
        if a.releaseDate != b.releaseDate { return a.releaseDate > b.releaseDate }
        if a.key != b.key { return a.key < b.key }
        return a.id < b.id
    }
}
