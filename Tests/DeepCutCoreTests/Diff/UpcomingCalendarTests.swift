import Foundation
import Testing

@testable import DeepCutCore

/// Issue 20: how `upcoming.ics`'s events follow the upcoming list across runs.
@Suite struct UpcomingCalendarTests {
    let today = ReleaseDate(iso: "2026-12-01")!.epochDay
    let start = Date(timeIntervalSince1970: Double(ReleaseDate(iso: "2026-12-01")!.epochDay) * 86_400 + 3600)

    func entry(_ id: String, _ date: String, title: String = "Fragments II", stale: Bool = false) -> FeedEntry {
        var entry = FeedEntry(
            id: id, key: AlbumKey(title: title, artist: "Bonobo"), title: title, artist: "Bonobo", type: .album,
            releaseDate: ReleaseDate(iso: date)!, artworkURL: nil, url: "https://music.example/\(id)")
        if stale { entry.lastCheckedAt = start.addingTimeInterval(-86_400) }
        return entry
    }

    func run(
        _ stored: [CalendarEvent], upcoming: [FeedEntry], released: [FeedEntry] = [], unchecked: Set<String> = [], days: Int = 0
    ) -> [CalendarEvent] {
        UpcomingCalendar.reconcile(
            stored: stored, upcoming: upcoming, released: released, unchecked: unchecked, today: today + days,
            now: start.addingTimeInterval(Double(days) * 86_400)
        ) { UpcomingCalendar.uid(releaseID: $0, provider: "itunes", installID: "abc") }
    }

    @Test func announcedThenMovedThenWithdrawnKeepsOneUIDAndBumpsTheSequence() throws {
        let announced = run([], upcoming: [entry("7", "2027-01-15")])
        let event = try #require(announced.first)
        #expect(announced.count == 1)
        #expect(event.uid == "7.itunes.abc@deepcut.atlas")
        #expect((event.sequence, event.status, event.date.description) == (0, .confirmed, "2027-01-15"))
        #expect(event.createdAt == start && event.changedAt == start)

        // Nothing changed: the event is untouched, so the file's bytes are too.
        #expect(run(announced, upcoming: [entry("7", "2027-01-15")], days: 1) == announced)

        let moved = run(announced, upcoming: [entry("7", "2027-02-01")], days: 2)
        #expect(moved.map(\.uid) == [event.uid])
        #expect((moved[0].sequence, moved[0].date.description, moved[0].status) == (1, "2027-02-01", .confirmed))
        #expect(moved[0].changedAt > event.changedAt && moved[0].createdAt == event.createdAt)

        // A new title is taken without a bump: the date is what a calendar acts on.
        let retitled = run(moved, upcoming: [entry("7", "2027-02-01", title: "Fragments III")], days: 3)
        #expect((retitled[0].sequence, retitled[0].title) == (1, "Fragments III"))

        let withdrawn = run(retitled, upcoming: [], days: 4)
        #expect(withdrawn.map(\.uid) == [event.uid])
        #expect((withdrawn[0].sequence, withdrawn[0].status) == (2, .cancelled))

        // Back in the catalog: confirmed again, a newer sequence still.
        let back = run(withdrawn, upcoming: [entry("7", "2027-02-01", title: "Fragments III")], days: 5)
        #expect((back[0].sequence, back[0].status) == (3, .confirmed))

        // Cancelled events stay for keepCancelledDays, then leave the file.
        #expect(run(withdrawn, upcoming: [], days: 4 + UpcomingCalendar.keepCancelledDays).count == 1)
        #expect(run(withdrawn, upcoming: [], days: 5 + UpcomingCalendar.keepCancelledDays).isEmpty)
    }

    @Test func uncheckedAndStaleEventsAreLeftAloneWhateverTheListSays() {
        let stored = run([], upcoming: [entry("7", "2027-01-15"), entry("8", "2027-01-20")])
        // Artist of 7 unchecked this run; 8 carried stale with another date: both untouched.
        let partial = run(stored, upcoming: [entry("8", "2027-03-01", stale: true)], unchecked: ["7"], days: 1)
        #expect(partial == stored)
        // An unchecked artist's new release gets no event until an answer shows it.
        #expect(run([], upcoming: [entry("9", "2027-01-15", stale: true)], days: 1).isEmpty)
    }

    @Test func aReleaseThatCameOutKeepsItsEventThenLeaves() {
        let stored = run([], upcoming: [entry("7", "2026-12-05")])
        let out = run(stored, upcoming: [], released: [entry("7", "2026-12-05")], days: 5)
        #expect(out == stored)
        // Out early: the event follows the date instead of being cancelled.
        let early = run(stored, upcoming: [], released: [entry("7", "2026-12-02")], days: 2)
        #expect((early[0].date.description, early[0].sequence, early[0].status) == ("2026-12-02", 1, .confirmed))
        #expect(run(stored, upcoming: [], days: 4 + UpcomingCalendar.keepReleasedDays).count == 1)
        #expect(run(stored, upcoming: [], days: 5 + UpcomingCalendar.keepReleasedDays).isEmpty)
    }

    @Test func partialDatesGetNoEventAndAnEventWhoseDateBecamePartialIsCancelled() {
        let partial = FeedEntry(
            id: "7", key: AlbumKey(title: "X", artist: "Bonobo"), title: "X", artist: "Bonobo", type: .album,
            releaseDate: ReleaseDate(iso: "2027-03")!, artworkURL: nil, url: nil)
        #expect(run([], upcoming: [partial]).isEmpty)
        let stored = run([], upcoming: [entry("7", "2027-01-15")])
        let vague = run(stored, upcoming: [partial], days: 1)
        #expect((vague[0].status, vague[0].sequence) == (.cancelled, 1))
    }
}
