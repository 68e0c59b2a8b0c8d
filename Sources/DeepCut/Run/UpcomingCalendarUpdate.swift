import DeepCutCore
import DeepCutPublish
import DeepCutState
import Foundation

/// Moves the calendar's stored events to a snapshot about to be published, by the rules of
/// `UpcomingCalendar`: what a sweep and a state change (`StateChange`) both do before writing
/// `upcoming.ics`.
struct UpcomingCalendarUpdate {
    let installID: String?

    /// - Parameter hidden: upcoming releases a person's change just hid (dismissed, muted, owned): a
    ///   definite answer even for an artist the snapshot's run could not check.
    /// - Returns: the events `upcoming.ics` shows after `snapshot`.
    func apply(_ snapshot: Snapshot, hidden: Set<String> = [], at date: Date, store: isolated StateStore) throws -> [CalendarEvent] {
        // The releases of artists without a definite answer in the snapshot's run: their events stay.
        let unchecked = try store.memory.releaseIDs(provider: snapshot.provider, artists: snapshot.incompleteArtists)
            .subtracting(hidden)
        return try store.calendar.reconcile(
            provider: snapshot.provider, installID: installID, upcoming: snapshot.upcoming ?? [], released: snapshot.entries,
            unchecked: unchecked, at: date)
    }
}
