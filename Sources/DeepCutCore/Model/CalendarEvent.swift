import Foundation

/// One event of `upcoming.ics`: an upcoming release on its release day, kept in the state database
/// so its UID and `SEQUENCE` survive runs (RFC 5545: a calendar replaces an event by UID when the
/// sequence grows).
package struct CalendarEvent: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable, CaseIterable {
        case confirmed
        /// Withdrawn, dismissed, muted, owned or no longer dated to a day: kept in the file for
        /// `UpcomingCalendar.keepCancelledDays` so subscribed calendars see the cancellation.
        case cancelled
    }

    /// Stable for the release's lifetime in the calendar (`UpcomingCalendar.uid`).
    package var uid: String
    package var releaseID: String
    package var title: String
    package var artist: String
    package var type: RecordingType
    /// Always a full date: a release dated only to a month or year gets no event.
    package var date: ReleaseDate
    package var url: String?
    /// Bumped whenever the date or the status changes.
    package var sequence: Int
    package var status: Status
    /// When the event was first written (`CREATED`).
    package var createdAt: Date
    /// When the date, title, link or status last changed (`LAST-MODIFIED`, `DTSTAMP`): the file's
    /// bytes change only when an event does.
    package var changedAt: Date

    package init(
        uid: String, releaseID: String, title: String, artist: String, type: RecordingType, date: ReleaseDate, url: String?,
        sequence: Int = 0, status: Status = .confirmed, createdAt: Date, changedAt: Date
    ) {
        self.uid = uid
        self.releaseID = releaseID
        self.title = title
        self.artist = artist
        self.type = type
        self.date = date
        self.url = url
        self.sequence = sequence
        self.status = status
        self.createdAt = createdAt
        self.changedAt = changedAt
    }
}
