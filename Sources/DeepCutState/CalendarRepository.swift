import DeepCutCore
import DeepCutSQLite
import Foundation

/// The events of `upcoming.ics`, per provider: what `UpcomingCalendar.reconcile` decided last.
package struct CalendarRepository {
    let database: Database

    private static let columns = """
        uid, release_id, title, artist, type, release_date, url, sequence, status, created_at, changed_at
        """

    /// The stored events of `provider`, soonest first.
    package func events(provider: String) throws -> [CalendarEvent] {
        try database.withConnection { connection in
            try connection.query(
                "SELECT \(Self.columns) FROM calendar_events WHERE provider = ? ORDER BY release_date, release_id", [provider]
            ) { row in
                CalendarEvent(
                    uid: try row.get(0), releaseID: try row.get(1), title: try row.get(2), artist: try row.get(3),
                    type: try row.get(4), date: try row.get(5), url: try row.get(6), sequence: try row.get(7),
                    status: try row.get(8), createdAt: try row.get(9), changedAt: try row.get(10))
            }
        }
    }

    /// Replaces the provider's events with `events` in one transaction: all land or none do.
    package func replace(_ events: [CalendarEvent], provider: String) throws {
        try database.transaction { connection in
            _ = try connection.execute("DELETE FROM calendar_events WHERE provider = ?", [provider])
            for event in events {
                _ = try connection.execute(
                    "INSERT INTO calendar_events (provider, \(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        provider, event.uid, event.releaseID, event.title, event.artist, event.type, event.date, event.url,
                        event.sequence, event.status, event.createdAt, event.changedAt
                    ])
            }
        }
    }

    /// Brings the provider's events up to date with a published upcoming list and stores them.
    /// - Returns: the events `upcoming.ics` shows.
    package func reconcile(
        provider: String, installID: String?, upcoming: [FeedEntry], released: [FeedEntry], unchecked: Set<String>,
        at now: Date
    ) throws -> [CalendarEvent] {
        let events = UpcomingCalendar.reconcile(
            stored: try events(provider: provider), upcoming: upcoming, released: released, unchecked: unchecked,
            today: now.epochDay, now: now
        ) { UpcomingCalendar.uid(releaseID: $0, provider: provider, installID: installID) }
        try replace(events, provider: provider)
        return events
    }
}

extension CalendarEvent.Status: DatabaseValueConvertible {}

extension StateStore {
    /// The calendar's events (schema version 15).
    package var calendar: CalendarRepository {
        CalendarRepository(database: database)
    }
}
