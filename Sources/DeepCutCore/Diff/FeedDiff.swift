/// The Diff stage's result: the feed entries, newest first, and why everything else was dropped.
package struct FeedDiff: Sendable {
    package var entries: [FeedEntry]
    /// Wanted releases dated after today, soonest first: announced before release day.
    package var upcoming: [FeedEntry]
    package var dropped: [DropReason: Int]
    package var considered: Int
    /// Why each release left out of `entries` was left out, by release id: explains removals in change sets.
    package var reasons: [String: DropReason]

    package init(
        entries: [FeedEntry], upcoming: [FeedEntry] = [], dropped: [DropReason: Int], considered: Int,
        reasons: [String: DropReason] = [:]
    ) {
        self.entries = entries
        self.upcoming = upcoming
        self.reasons = reasons
        self.dropped = dropped
        self.considered = considered
    }
}

/// Why the diff left a catalog release out of the feed. Raw values are the health report's keys.
package enum DropReason: String, Codable, Sendable, CaseIterable {
    case owned
    case dismissed
    /// Its artist is muted (`deepcut mute`): still swept, never in the feed or the upcoming list.
    case muted
    case unwantedType
    /// Released before the window opened.
    case outsideWindow
    /// Dated after today: not released yet.
    case notYetReleased
    /// The catalog gave no usable date.
    case undated
    /// Another release with the same album key (an explicit/clean twin, a repeat) is shown instead.
    case folded
    /// Its artist's rule (`artistRules`) does not want its type.
    case artistRule
    /// A sped up, slowed, nightcore, instrumental or a cappella version (`feed.hideVariants`).
    case variant
    /// Its genre is in `feed.excludeGenres`.
    case excludedGenre
    /// Its label is in `feed.excludeLabels`.
    case excludedLabel
}

/// Orders the editions of one release family so the feed shows the most complete one.
enum EditionRank {
    /// More tracks first (when both are known), then a named edition (deluxe, expanded…) over the
    /// plain one, then explicit over clean (the edition as the artist made it), then the earlier
    /// date, then the smaller id, so the choice is stable across runs.
    static func isMoreComplete(_ a: Release, _ b: Release) -> Bool {
        if let ta = a.trackCount, let tb = b.trackCount, ta != tb { return ta > tb }
        let namedA = isNamedEdition(a)
        let namedB = isNamedEdition(b)
        if namedA != namedB { return namedA }
        if a.isExplicit != b.isExplicit { return a.isExplicit }
        if let da = a.releaseDate, let db = b.releaseDate, da != db { return da < db }
        return a.id < b.id
    }

    private static func isNamedEdition(_ release: Release) -> Bool {
        TitleFamily.read(release.title).isQualified
    }
}
