/// What one run has to tell people: the releases that became news in it. Built from the change set
/// and the upcoming list, never from a failed run, and never for a removal.
package struct Digest: Sendable, Hashable, Codable {
    /// One piece of news about one release.
    package struct Item: Sendable, Hashable, Codable {
        package enum Event: String, Sendable, Hashable, Codable, CaseIterable {
            /// It entered the feed: released inside the window (or discovered there).
            case newRelease
            /// It was announced: dated after today, first seen in this run.
            case announced
            /// It entered the feed on its release day: the second half of the announce/release pair.
            case outToday
        }

        package var event: Event
        /// Stable across runs and channels, what a delivery is recorded under and what channels that
        /// take one are sent: `release:PROVIDER:ID` for `newRelease` and `outToday` (a release is told
        /// out once), `announce:PROVIDER:ID` for `announced`.
        package var dedupeKey: String
        package var entry: FeedEntry

        package init(event: Event, dedupeKey: String, entry: FeedEntry) {
            self.event = event
            self.dedupeKey = dedupeKey
            self.entry = entry
        }
    }

    package var runID: String
    package var items: [Item]

    package init(runID: String, items: [Item]) {
        self.runID = runID
        self.items = items
    }
}

extension Digest {
    /// The news of one run that published a snapshot.
    ///
    /// - New releases come from the change set's additions, which already leave out what a run could
    ///   not check (stale entries, unchecked artists): a partial run tells only what it learned.
    ///   An addition dated today is `outToday`: the release-day half of an announcement.
    /// - Announcements are upcoming releases checked in this run that the baseline did not know, as an
    ///   upcoming or a released entry (by id, by any folded edition's id, or by album key).
    /// - With no baseline (the first sweep) nothing is news: the whole catalog is not a digest.
    /// - Parameters:
    ///   - changes: the snapshot's change set against the baseline.
    ///   - upcoming: this run's upcoming list, stale entries marked.
    ///   - baseline: the baseline's entries and upcoming list; nil when there is no baseline.
    ///   - today: the run's day, as `Date.epochDay`.
    package static func of(
        runID: String, provider: String, changes: ChangeSet?, upcoming: [FeedEntry], baseline: [FeedEntry]?, today: Int
    ) -> Digest {
        guard let baseline, let changes, changes.since != nil else { return Digest(runID: runID, items: []) }
        var items: [Item] = changes.added.filter { !$0.isStale }.map { entry in
            let event: Item.Event = entry.releaseDate.day != nil && entry.releaseDate.epochDay == today ? .outToday : .newRelease
            return Item(event: event, dedupeKey: "release:\(provider):\(entry.id)", entry: entry)
        }
        let knownIDs = Set(baseline.flatMap { [$0.id] + $0.alternates.map(\.id) })
        let knownKeys = Set(baseline.map(\.key))
        for entry in upcoming where !entry.isStale && !knownIDs.contains(entry.id) && !knownKeys.contains(entry.key) {
            items.append(Item(event: .announced, dedupeKey: "announce:\(provider):\(entry.id)", entry: entry))
        }
        return Digest(runID: runID, items: items)
    }
}
