import Foundation

/// How the calendar's events follow the upcoming list from run to run. Pure: the state database
/// stores what this returns, the renderer writes it.
///
/// Only definite answers change an event: an upcoming entry that is stale, or whose release
/// belongs to an artist without a definite answer in this run (`unchecked`), leaves its event as
/// it was, and a failed run never gets here. So:
/// - an upcoming release dated to the day gets an event (`SEQUENCE` 0, `CONFIRMED`);
/// - its date moving bumps `SEQUENCE`, same UID; a new title or link is taken without a bump;
/// - an event whose release left the upcoming list before its day (withdrawn, dismissed, muted,
///   owned, no longer wanted, dated only to a month) is `CANCELLED`, `SEQUENCE` bumped, and kept
///   `keepCancelledDays` so subscribed calendars see it; one that comes back is confirmed again;
/// - a release whose day has come keeps its event (it is out: nothing to cancel) until
///   `keepReleasedDays` after that day.
package enum UpcomingCalendar {
    package static let keepCancelledDays = 30
    package static let keepReleasedDays = 30

    /// The UID of a release's event: the catalog, its release id and the install (`installID`,
    /// or `shared` for legacy installs), so two installs or catalogs never share one.
    package static func uid(releaseID: String, provider: String, installID: String?) -> String {
        "\(releaseID).\(provider).\(installID ?? "shared")@deepcut.atlas"
    }

    /// - Parameters:
    ///   - stored: the events kept so far, for this catalog.
    ///   - upcoming: the published upcoming list (stale entries marked).
    ///   - released: the published feed entries: an event whose release came out early follows its date.
    ///   - unchecked: release ids of artists without a definite answer now: their events stay as they are.
    ///   - today: days since 1970-01-01 (UTC).
    ///   - now: the change time stamped on events that change.
    ///   - makeUID: the UID of a new event, from its release id.
    /// - Returns: every event to keep, soonest first.
    package static func reconcile(
        stored: [CalendarEvent], upcoming: [FeedEntry], released: [FeedEntry] = [], unchecked: Set<String>, today: Int, now: Date,
        makeUID: (String) -> String
    ) -> [CalendarEvent] {
        var events = Dictionary(stored.map { ($0.releaseID, $0) }, uniquingKeysWith: { first, _ in first })
        let definite = upcoming.filter { !$0.isStale && !unchecked.contains($0.id) }
        let stale = Set(upcoming.filter(\.isStale).map(\.id))
        let out = released.filter { !$0.isStale && !unchecked.contains($0.id) && $0.releaseDate.day != nil && events[$0.id] != nil }
        for entry in definite + out where entry.releaseDate.day != nil {
            guard var event = events[entry.id] else {
                events[entry.id] = CalendarEvent(
                    uid: makeUID(entry.id), releaseID: entry.id, title: entry.title, artist: entry.artist, type: entry.type,
                    date: entry.releaseDate, url: entry.url, createdAt: now, changedAt: now)
                continue
            }
            let moved = event.date != entry.releaseDate || event.status != .confirmed
            let retitled = event.title != entry.title || event.artist != entry.artist || event.url != entry.url || event.type != entry.type
            guard moved || retitled else { continue }
            if moved { event.sequence += 1 }
            event.date = entry.releaseDate
            event.status = .confirmed
            event.title = entry.title
            event.artist = entry.artist
            event.type = entry.type
            event.url = entry.url
            event.changedAt = now
            events[entry.id] = event
        }
        let definitelyListed = Set((definite + out).filter { $0.releaseDate.day != nil }.map(\.id))
        for (id, var event) in events where event.status == .confirmed && !definitelyListed.contains(id) {
            // Out now (its day came): nothing to cancel. Unchecked or stale: unknown, left alone.
            if event.date.epochDay <= today || unchecked.contains(id) || stale.contains(id) { continue }
            event.status = .cancelled
            event.sequence += 1
            event.changedAt = now
            events[id] = event
        }
        return events.values.filter { event in
            switch event.status {
            case .confirmed: return event.date.epochDay >= today - keepReleasedDays
            case .cancelled: return now.epochDay - event.changedAt.epochDay <= keepCancelledDays
            }
        }.sorted { ($0.date, $0.releaseID) < ($1.date, $1.releaseID) }
    }
}
