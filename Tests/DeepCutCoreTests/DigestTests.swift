import DeepCutCore
import Foundation
import Testing

@Suite struct DigestTests {
    static let today = ReleaseDate(year: 2026, month: 12, day: 1).epochDay

    static func entry(_ id: String, _ title: String, on date: ReleaseDate, stale: Bool = false) -> FeedEntry {
        var entry = FeedEntry(
            id: id, key: AlbumKey(title: title, artist: "Bonobo"), title: title, artist: "Bonobo", type: .album,
            releaseDate: date, artworkURL: nil, url: nil)
        if stale { entry.lastCheckedAt = Date(timeIntervalSince1970: 0) }
        return entry
    }

    static func digest(added: [FeedEntry], upcoming: [FeedEntry] = [], baseline: [FeedEntry]? = []) -> Digest {
        Digest.of(
            runID: "R", provider: "itunes", changes: ChangeSet(since: "B", added: added), upcoming: upcoming, baseline: baseline,
            today: today)
    }

    @Test func anAdditionIsNewAndOneDatedTodayIsOutToday() {
        let old = Self.entry("1", "Fragments", on: ReleaseDate(year: 2026, month: 11, day: 20))
        let fresh = Self.entry("2", "Migration", on: ReleaseDate(year: 2026, month: 12, day: 1))
        let digest = Self.digest(added: [old, fresh])
        #expect(digest.items.map(\.event) == [.newRelease, .outToday])
        // Both halves of a release are told under the release's key, so it is told out once.
        #expect(digest.items.map(\.dedupeKey) == ["release:itunes:1", "release:itunes:2"])
    }

    @Test func anUpcomingReleaseIsAnnouncedOnlyWhenTheBaselineDidNotKnowIt() {
        let known = Self.entry("3", "Black Sands", on: ReleaseDate(year: 2027, month: 1, day: 9))
        let new = Self.entry("4", "Days to Come", on: ReleaseDate(year: 2027, month: 2, day: 1))
        let renumbered = Self.entry("5", "Black Sands", on: ReleaseDate(year: 2027, month: 1, day: 9))
        let digest = Self.digest(added: [], upcoming: [known, new, renumbered], baseline: [known])
        #expect(digest.items.map(\.dedupeKey) == ["announce:itunes:4"])
        #expect(digest.items.map(\.event) == [.announced])
    }

    @Test func staleEntriesAreNeverNews() {
        let stale = Self.entry("6", "Animal Magic", on: ReleaseDate(year: 2027, month: 3, day: 1), stale: true)
        let staleAdded = Self.entry("7", "Dial M", on: ReleaseDate(year: 2026, month: 11, day: 1), stale: true)
        #expect(Self.digest(added: [staleAdded], upcoming: [stale]).items.isEmpty)
    }

    @Test func theFirstSweepTellsNothing() {
        let entry = Self.entry("8", "North Borders", on: ReleaseDate(year: 2026, month: 11, day: 1))
        let upcoming = Self.entry("9", "Flicker", on: ReleaseDate(year: 2027, month: 1, day: 1))
        #expect(Self.digest(added: [entry], upcoming: [upcoming], baseline: nil).items.isEmpty)
        let first = Digest.of(
            runID: "R", provider: "itunes", changes: ChangeSet(since: nil), upcoming: [upcoming], baseline: [], today: Self.today)
        #expect(first.items.isEmpty)
    }
}
