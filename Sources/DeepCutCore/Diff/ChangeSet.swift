/// What changed in the feed since the previous complete snapshot.
///
/// Removal is concluded only from a definite answer for the entry's artist: an entry whose
/// artist failed or was skipped this run (a stale entry) is neither removed, added nor updated.
package struct ChangeSet: Sendable, Hashable, Codable {
    package struct Removal: Sendable, Hashable, Codable {
        package var entry: FeedEntry
        package var reason: ChangeReason
    }

    package struct Update: Sendable, Hashable, Codable {
        package var entry: FeedEntry
        /// What changed: `releaseDate`, `title`.
        package var fields: [String]
        var previousTitle: String?
        var previousReleaseDate: ReleaseDate?
    }

    /// The run this change set is measured from; nil for the very first sweep, whose change set is empty.
    package var since: String?
    package var added: [FeedEntry]
    package var removed: [Removal]
    package var updated: [Update]

    package init(since: String?, added: [FeedEntry] = [], removed: [Removal] = [], updated: [Update] = []) {
        self.since = since
        self.added = added
        self.removed = removed
        self.updated = updated
    }

    package var isEmpty: Bool { added.isEmpty && removed.isEmpty && updated.isEmpty }

    /// - Parameters:
    ///   - previous: the previous complete snapshot's entries (nil on the first sweep).
    ///   - current: this run's entries.
    ///   - diff: this run's diff, for why a release was left out.
    ///   - withdrawn: release ids that vanished from their artist's catalog in this run.
    ///   - unchecked: release ids belonging to artists without a definite answer in this run.
    package static func between(
        previous: (runID: String, entries: [FeedEntry])?, current: [FeedEntry], diff: FeedDiff,
        withdrawn: Set<String>, unchecked: Set<String>
    ) -> ChangeSet {
        guard let previous else { return ChangeSet(since: nil) }
        let before = Dictionary(previous.entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changes = ChangeSet(since: previous.runID)
        for entry in current where !entry.isStale && !unchecked.contains(entry.id) {
            guard let old = before[entry.id] else {
                changes.added.append(entry)
                continue
            }
            var fields: [String] = []
            if old.releaseDate != entry.releaseDate { fields.append("releaseDate") }
            if old.title != entry.title { fields.append("title") }
            if !fields.isEmpty {
                changes.updated.append(Update(entry: entry, fields: fields, previousTitle: old.title, previousReleaseDate: old.releaseDate))
            }
        }
        for entry in previous.entries where now[entry.id] == nil && !unchecked.contains(entry.id) {
            changes.removed.append(Removal(entry: entry, reason: reason(for: entry.id, diff: diff, withdrawn: withdrawn)))
        }
        return changes
    }

    private static func reason(for id: String, diff: FeedDiff, withdrawn: Set<String>) -> ChangeReason {
        if withdrawn.contains(id) { return .withdrawn }
        switch diff.reasons[id] {
        case .owned: return .nowOwned
        case .dismissed: return .dismissed
        case .muted: return .muted
        case .outsideWindow: return .agedOut
        // A rule of the config's (types, an artist's rule, variants, genres, labels) now leaves it out.
        case .unwantedType, .artistRule, .variant, .excludedGenre, .excludedLabel: return .filtered
        case .folded: return .folded
        case .notYetReleased, .undated: return .rescheduled
        case nil: return diff.upcoming.contains { $0.id == id } ? .rescheduled : .artistRemoved
        }
    }
}

/// Why an entry left the feed since the previous complete snapshot.
package enum ChangeReason: String, Codable, Sendable, CaseIterable {
    /// The user now owns it (library files or `library add`).
    case nowOwned
    case dismissed
    /// Its artist was muted (`deepcut mute`).
    case muted
    /// The artist's catalog no longer lists it.
    case withdrawn
    /// Its date fell out of the window.
    case agedOut
    /// The config's filters no longer want it (`feed.types`, `artistRules`, `hideVariants`, genres, labels).
    case filtered
    /// Another edition of its family is shown instead.
    case folded
    /// Its date moved into the future or vanished.
    case rescheduled
    /// Its artist is no longer in the library.
    case artistRemoved
}
