import Testing

@testable import DeepCutCore

/// Issue 20: a muted artist's releases leave the feed and the upcoming list (`DropReason.muted`),
/// by the credit rules the diff matches artists with, and a change set calls them `muted`.
@Suite struct MutedArtistDiffTests {
    let today = ReleaseDate(iso: "2026-11-29")!.epochDay
    let diff = Diff(wantedTypes: Set(RecordingType.allCases), windowDays: 120)

    func release(_ id: String, _ title: String, _ artist: String, date: String = "2026-10-01") -> Release {
        Release(id: id, title: title, artist: artist, type: .album, releaseDate: ReleaseDate(iso: date))
    }

    var releases: [Release] {
        [
            release("1", "Otomo", "Bonobo"), release("2", "Migration", "Bonobo feat. Nick Murphy"),
            release("3", "Texas Sun", "Khruangbin & Leon Bridges"), release("4", "A La Sala", "Khruangbin"),
            release("5", "Fragments II", "BONOBO", date: "2027-02-01"), release("6", "Ego Death", "Polyphia feat. Bonobo")
        ]
    }

    @Test func aMutedArtistsReleasesLeaveEntriesAndUpcomingFeaturedCreditsDoNotCount() {
        let result = diff(releases: releases, owned: [], dismissed: [], muted: MutedArtists(["  bonobo "]), today: today)
        // "Polyphia feat. Bonobo" is Polyphia's: a featured artist is not the credit.
        #expect(result.entries.map(\.id).sorted() == ["3", "4", "6"])
        #expect(result.upcoming.isEmpty)
        #expect(result.dropped[.muted] == 3)
        #expect(["1", "2", "5"].map { result.reasons[$0] } == [.muted, .muted, .muted])
    }

    @Test func aJointCreditIsMutedWithEitherOfItsArtists() {
        let result = diff(releases: releases, owned: [], dismissed: [], muted: MutedArtists(["Leon Bridges"]), today: today)
        #expect(!result.entries.map(\.id).contains("3"))
        #expect(result.reasons["3"] == .muted)
        #expect(result.entries.count == 4)
    }

    @Test func ownedAndDismissedStillWinOverMuted() {
        let result = diff(
            releases: releases, owned: [AlbumKey(title: "Otomo", artist: "Bonobo")], dismissed: [], muted: MutedArtists(["Bonobo"]),
            today: today)
        #expect(result.reasons["1"] == .owned)
        #expect(result.dropped[.muted] == 2)
    }

    @Test func noMutesChangeNothing() {
        let muted = diff(releases: releases, owned: [], dismissed: [], muted: MutedArtists(), today: today)
        let plain = diff(releases: releases, owned: [], dismissed: [], today: today)
        #expect(muted.entries == plain.entries)
        #expect(muted.dropped[.muted] == nil)
    }

    @Test func hidingAppliesMutesToBuiltEntries() {
        let built = diff(releases: releases, owned: [], dismissed: [], today: today)
        let hidden = Diff.hiding(built.entries, owned: [], dismissed: [], muted: MutedArtists(["bonobo"]))
        #expect(hidden.map(\.id).sorted() == ["3", "4", "6"])
        #expect(Diff.hiding(built.entries, owned: [], dismissed: []) == built.entries)
    }

    @Test func theChangeSetCallsAMutedArtistsRemovalsMuted() {
        let before = diff(releases: releases, owned: [], dismissed: [], today: today)
        let after = diff(releases: releases, owned: [], dismissed: [], muted: MutedArtists(["Bonobo"]), today: today)
        let changes = ChangeSet.between(
            previous: ("r1", before.entries), current: after.entries, diff: after, withdrawn: [], unchecked: [])
        #expect(changes.removed.map(\.entry.id).sorted() == ["1", "2"])
        #expect(Set(changes.removed.map(\.reason)) == [.muted])
        #expect(changes.added.isEmpty)
    }
}
