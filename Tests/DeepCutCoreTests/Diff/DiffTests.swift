import Testing

@testable import DeepCutCore

@Suite struct DiffTests {
    let today = ReleaseDate(iso: "2026-11-29")!.epochDay

    func release(
        _ id: String, _ title: String, _ artist: String = "Khruangbin", type: RecordingType = .album,
        date: String? = "2026-10-01", explicit: Bool = false
    ) -> Release {
        Release(id: id, title: title, artist: artist, type: type, releaseDate: date.flatMap(ReleaseDate.init(iso:)), isExplicit: explicit)
    }

    // MARK: Subtraction

    @Test func ownedAndDismissedAreSubtractedByKey() {
        let diff = Diff(wantedTypes: Set(RecordingType.allCases), windowDays: 120)
        let result = diff(
            releases: [release("1", "Mordechai"), release("2", " A LA SALA "), release("3", "Ali")],
            owned: [AlbumKey(title: "mordechai", artist: "KHRUANGBIN")],
            dismissed: [AlbumKey(rawValue: "a la sala\u{1F}khruangbin")],
            today: today)
        #expect(result.entries.map(\.id) == ["3"])
        #expect(result.dropped[.owned] == 1)
        #expect(result.dropped[.dismissed] == 1)
    }

    /// The reasons map holds only the ids asked about (the baseline's entries, for the change set):
    /// the same reasons for them, the same counts and entries as a diff that keeps every reason.
    @Test func reasonsAreKeptOnlyForTheIDsExplained() {
        let diff = Diff(wantedTypes: [.album], windowDays: 120)
        let releases = [
            release("1", "Mordechai"), release("2", "A La Sala"), release("3", "Ali", type: .single),
            release("4", "Universe", date: "2001-01-01"), release("5", "Ali (Deluxe Edition)"), release("6", "Ali", date: "2026-10-02"),
            release("7", "Later", date: "2027-01-01")
        ]
        let run = { (explaining: Set<String>?) in
            diff(
                releases: releases, owned: [AlbumKey(title: "mordechai", artist: "khruangbin")],
                dismissed: [AlbumKey(title: "A La Sala", artist: "Khruangbin")], today: today, explaining: explaining)
        }
        let whole = run(nil)
        #expect(Set(whole.reasons.keys) == ["1", "2", "3", "4", "6", "7"], "every release left out, the folded alternate among them")
        let asked: Set<String> = ["2", "5", "6", "unknown"]
        let explained = run(asked)
        #expect(explained.reasons == whole.reasons.filter { asked.contains($0.key) })
        #expect(explained.reasons == ["2": .dismissed, "6": .folded], "the deluxe edition is shown, the plain one folded")
        #expect(explained.dropped == whole.dropped)
        #expect(explained.entries == whole.entries)
        #expect(explained.upcoming == whole.upcoming)
        #expect(run([]).reasons.isEmpty)
    }

    /// The album names a match can ask about are those of owned albums' families: the set built
    /// for them is the whole catalog's set cut to those families.
    @Test func albumNamesAreKeptOnlyForAskedFamilies() {
        let releases = [
            release("1", "Slowdive"), release("2", "Souvlaki"), release("3", "Pygmalion", type: .compilation),
            release("4", "Souvlaki", type: .ep), release("5", "Alison (Deluxe Edition)")
        ]
        var cache = MatchKeyCache()
        let whole = Diff.albumNames(of: [Array(releases.prefix(2)), Array(releases.dropFirst(2))], cache: &cache)
        #expect(whole.map(\.family).sorted() == ["alison", "pygmalion", "slowdive", "souvlaki"])
        let asked: Set<String> = ["souvlaki", "alison", "nowhere"]
        let cut = Diff.albumNames(of: [releases], asked: asked.contains, cache: &cache)
        #expect(cut == whole.filter { asked.contains($0.family) })
    }

    /// The lazy set, asked a credit at a time (reading only the chunks that list the credit's
    /// albums, and the chunk the diff is in from its readings), answers what the whole set answers,
    /// for every name, in any order, wherever the diff is.
    @Test func lazyAlbumNamesAnswerWhatTheWholeSetAnswers() {
        let artists = ["Slowdive", "SLOWDIVE", "Khruangbin & Leon Bridges", "Leon Bridges", "Beatles, The", "The Beatles"]
        let titles = ["Souvlaki", "Souvlaki (Deluxe Edition)", "Souvlaki - EP", "Pygmalion", "Alison", "Texas Sun", "Abbey Road"]
        let types: [RecordingType] = [.album, .single, .ep, .compilation]
        var number = 0
        let chunks = (0..<9).map { chunk in
            (0..<(chunk % 4 * 3)).map { index -> Release in
                number += 1
                return release(
                    "\(number)", titles[(chunk * 5 + index * 3) % titles.count], artists[(chunk + index / 2) % artists.count],
                    type: types[(chunk + index) % types.count])
            }
        }
        let asked: Set<String> = ["souvlaki", "pygmalion", "texas sun", "abbey road"]
        var cache = MatchKeyCache()
        let whole = Diff.albumNames(of: chunks, asked: asked.contains, cache: &cache)
        #expect(!whole.isEmpty)
        let mains = Array(Set(artists.map { cache.credits(of: $0).main })) + ["nobody"]
        let names = mains.flatMap { main in (Array(asked) + ["alison", "nowhere"]).map { Diff.AlbumName(family: $0, artist: main) } }
        for start in [0, 3, 8] {
            let lazy = Diff.LazyAlbumNames(chunks, asked: asked.contains)
            for chunk in start..<chunks.count {
                #expect(lazy.readings(ofChunk: chunk) == chunks[chunk].map { TitleFamily.read($0.title) })
                for name in names.shuffled() {
                    #expect(lazy.contains(name, cache: &cache) == whole.contains(name), "\(name) in chunk \(chunk)")
                }
            }
        }
    }

    /// A same-named EP is the owned album's only when both are dated within two years; undated,
    /// only when the catalog lists no album of the name (then the owned row is the EP itself).
    @Test func aSameNamedEPNeedsTheOwnedAlbumsYear() {
        let diff = Diff(wantedTypes: Set(RecordingType.allCases), windowDays: 120)
        let slowdive = AlbumKey(title: "Slowdive", artist: "Slowdive")
        let releases = [
            release("1", "Slowdive", "Slowdive", type: .ep, date: "2026-10-01"),
            release("2", "Slowdive", "Slowdive", type: .album, date: "2017-05-05")
        ]
        let farApart = diff(releases: releases, owned: [slowdive], dismissed: [], today: today, ownedYears: [slowdive: 2017])
        #expect(farApart.entries.map(\.id) == ["1"])
        let close = diff(releases: releases, owned: [slowdive], dismissed: [], today: today, ownedYears: [slowdive: 2025])
        #expect(close.entries.isEmpty)
        let undated = diff(releases: releases, owned: [slowdive], dismissed: [], today: today)
        #expect(undated.entries.map(\.id) == ["1"], "an album of the name is listed: undecided is shown")
        let onlyTheEP = diff(releases: [releases[0]], owned: [slowdive], dismissed: [], today: today)
        #expect(onlyTheEP.entries.isEmpty, "the catalog's only Slowdive is the EP: the owned row is it")
    }

    /// A classical release by the catalog's genre needs its whole performer credit.
    @Test func aClassicalGenreAsksForTheWholeCredit() {
        let diff = Diff(wantedTypes: [.album], windowDays: 120)
        var wiener = release("1", "The Four Seasons", "Anne-Sophie Mutter & Trondheim Soloists")
        wiener.genre = "Classical"
        var solo = release("2", "The Four Seasons", "Anne-Sophie Mutter")
        solo.genre = "Classical"
        let result = diff(
            releases: [wiener, solo], owned: [AlbumKey(title: "The Four Seasons", artist: "Anne-Sophie Mutter & Wiener Philharmoniker")],
            dismissed: [], today: today)
        #expect(Set(result.entries.map(\.id)) == ["1", "2"])
    }

    @Test func decomposedUnicodeMatchesComposed() {
        let diff = Diff(wantedTypes: [.album], windowDays: 120)
        let result = diff(
            releases: [release("1", "Caf\u{E9}", "Beyonc\u{E9}")],
            owned: [AlbumKey(title: "Cafe\u{301}", artist: "Beyonce\u{301}")], dismissed: [], today: today)
        #expect(result.entries.isEmpty)
        #expect(result.dropped[.owned] == 1)
    }

    // MARK: Window, types, order

    @Test func windowTypesAndOrder() {
        let diff = Diff(wantedTypes: [.album, .ep], windowDays: 120)
        let result = diff(
            releases: [
                release("old", "Old", date: "2026-01-01"),
                release("edge", "Edge", date: "2026-08-01"),
                release("new", "New", date: "2026-11-20"),
                release("future", "Future", date: "2026-12-24"),
                release("single", "Single", type: .single, date: "2026-11-01"),
                release("undated", "Undated", date: nil),
                release("ep", "Ep", type: .ep, date: "2026-09-01")
            ], owned: [], dismissed: [], today: today)
        #expect(result.entries.map(\.id) == ["new", "ep", "edge"])
        #expect(result.dropped == [.outsideWindow: 1, .notYetReleased: 1, .unwantedType: 1, .undated: 1])
        #expect(result.considered == 7)
    }

    @Test func explicitAndCleanTwinsFoldIntoOneExplicitEntry() {
        let diff = Diff(wantedTypes: [.album], windowDays: 120)
        let result = diff(
            releases: [release("clean", "Twin"), release("explicit", "Twin", explicit: true)],
            owned: [], dismissed: [], today: today)
        #expect(result.entries.map(\.id) == ["explicit"])
        #expect(result.dropped[.folded] == 1)
    }
}

@Suite struct DiffFamilyTests {
    let today = ReleaseDate(iso: "2026-11-29")!.epochDay
    let diff = Diff(wantedTypes: Set(RecordingType.allCases), windowDays: 120)

    func release(_ id: String, _ title: String, type: RecordingType = .album, tracks: Int? = nil, explicit: Bool = false) -> Release {
        Release(
            id: id, title: title, artist: "Fleetwood Mac", type: type, releaseDate: ReleaseDate(iso: "2026-11-01"),
            isExplicit: explicit, trackCount: tracks)
    }

    @Test func familyFoldsIntoMostCompleteEditionWithAlternates() {
        let result = diff(
            releases: [
                release("std", "Tusk", tracks: 20), release("dlx", "Tusk (Deluxe Edition)", tracks: 40),
                release("clean", "Tusk (Clean)", tracks: 20)
            ],
            owned: [], dismissed: [], today: today)
        #expect(result.entries.count == 1)
        #expect(result.entries.first?.id == "dlx")
        #expect(
            result.entries.first?.alternates.map(\.id) == ["std", "clean"] || result.entries.first?.alternates.map(\.id) == ["clean", "std"]
        )
        #expect(result.dropped[.folded] == 2)
    }

    @Test func owningTheStandardHidesTheDeluxe() {
        let result = diff(
            releases: [release("dlx", "Tusk (Deluxe Edition)")],
            owned: [AlbumKey(title: "Tusk", artist: "Fleetwood Mac")], dismissed: [], today: today)
        #expect(result.entries.isEmpty)
        #expect(result.dropped[.owned] == 1)
    }

    @Test func dismissingAnyMemberHidesTheFamily() {
        let result = diff(
            releases: [release("std", "Tusk"), release("dlx", "Tusk (Deluxe Edition)")],
            owned: [], dismissed: [AlbumKey(rawValue: "tusk (deluxe edition)\u{1F}fleetwood mac")], today: today)
        #expect(result.entries.isEmpty)
        #expect(result.dropped[.dismissed] == 2)
    }

    /// Owning a single says nothing about its album: the album stays news, the single is owned.
    @Test func anOwnedSingleHidesOnlyTheSingle() {
        let result = diff(
            releases: [release("album", "Tusk"), release("single", "Tusk - Single", type: .single)],
            owned: [AlbumKey(title: "Tusk - Single", artist: "Fleetwood Mac")], dismissed: [], today: today)
        #expect(result.entries.map(\.id) == ["album"])
        #expect(result.reasons["single"] == .owned)
    }

    @Test func liveAlbumIsNotHiddenByTheStudioAlbum() {
        let result = diff(
            releases: [release("live", "Tusk (Live)")],
            owned: [AlbumKey(title: "Tusk", artist: "Fleetwood Mac")], dismissed: [], today: today)
        #expect(result.entries.map(\.id) == ["live"])
    }
}

@Suite struct DiffNewnessTests {
    let today = ReleaseDate(iso: "2026-11-29")!.epochDay

    func release(_ id: String, date: String) -> Release {
        Release(id: id, title: "Title \(id)", artist: "Bonobo", type: .album, releaseDate: ReleaseDate(iso: date))
    }

    /// An album from 2019 added to the catalog last week: news under discovery and either, not release.
    @Test func lateCatalogAdditionCountsByDiscovery() {
        let old = release("old", date: "2019-03-01")
        let discovered = ["old": today - 7]
        for (newBy, expected) in [(NewBy.release, 0), (.discovery, 1), (.either, 1)] {
            let diff = Diff(wantedTypes: [.album], windowDays: 120, newBy: newBy)
            #expect(
                diff(releases: [old], owned: [], dismissed: [], today: today, discovered: discovered).entries.count == expected, "\(newBy)")
        }
    }

    @Test func recentReleaseNotDiscoveredCountsByReleaseOnly() {
        let recent = release("recent", date: "2026-11-01")
        #expect(
            Diff(wantedTypes: [.album], windowDays: 120, newBy: .discovery)(releases: [recent], owned: [], dismissed: [], today: today)
                .entries.isEmpty)
        #expect(
            Diff(wantedTypes: [.album], windowDays: 120, newBy: .either)(releases: [recent], owned: [], dismissed: [], today: today).entries
                .count == 1)
    }

    @Test func futureReleasesAreUpcomingSoonestFirstAndNotInTheFeed() {
        let diff = Diff(wantedTypes: [.album], windowDays: 120, newBy: .either)
        let result = diff(
            releases: [release("later", date: "2027-02-01"), release("soon", date: "2026-12-05")],
            owned: [], dismissed: [], today: today)
        #expect(result.entries.isEmpty)
        #expect(result.upcoming.map(\.id) == ["soon", "later"])
        // On release day it moves to the feed.
        let releaseDay = ReleaseDate(iso: "2026-12-05")!.epochDay
        let then = diff(releases: [release("soon", date: "2026-12-05")], owned: [], dismissed: [], today: releaseDay)
        #expect(then.entries.map(\.id) == ["soon"])
        #expect(then.upcoming.isEmpty)
    }
}
