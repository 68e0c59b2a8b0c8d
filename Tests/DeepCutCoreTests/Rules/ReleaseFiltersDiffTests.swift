import Testing

@testable import DeepCutCore

/// `artistRules`, `feed.hideVariants`, `feed.excludeGenres` and `feed.excludeLabels` in the Diff:
/// what each keeps out, under which drop reason, and that nothing changes without them.
@Suite struct ReleaseFiltersDiffTests {
    let today = ReleaseDate(iso: "2026-11-29")!.epochDay

    func release(
        _ id: String, _ title: String, _ artist: String = "Khruangbin", type: RecordingType = .album, date: String = "2026-10-01",
        secondary: [SecondaryType] = []
    ) -> Release {
        Release(id: id, title: title, artist: artist, type: type, releaseDate: ReleaseDate(iso: date), secondaryTypes: secondary)
    }

    func run(
        _ filters: ReleaseFilters, _ releases: [Release], types: TypeSelection = .standard, newBy: NewBy = .release,
        discovered: [String: Int] = [:]
    ) -> FeedDiff {
        Diff(types: types, windowDays: 120, newBy: newBy, filters: filters)(
            releases: releases, owned: [], dismissed: [], today: today, discovered: discovered)
    }

    @Test func anArtistsTypesOverrideTheFeedsForThatArtistOnly() {
        let albumsOnly = ReleaseFilters(artistRules: [ArtistRule(name: "KHRUANGBIN", types: TypeSelection(primary: [.album]))])
        let releases = [
            release("1", "A LA SALA"), release("2", "May Ninth", type: .single), release("3", "Fragments", "Bonobo"),
            release("4", "Rosa", "Bonobo", type: .single), release("5", "Texas Sun", "Khruangbin & Leon Bridges", type: .ep)
        ]
        let result = run(albumsOnly, releases)
        #expect(Set(result.entries.map(\.id)) == ["1", "3", "4"])
        #expect(result.reasons["2"] == .artistRule)
        #expect(result.reasons["5"] == .artistRule, "a collaboration credits the ruled artist")
        #expect(result.dropped[.artistRule] == 2)
        // The other way: everything from one artist while the feed wants albums only.
        let everything = ReleaseFilters(
            artistRules: [ArtistRule(name: "Bonobo", types: TypeSelection(primary: [.album, .single]))])
        let albums = run(everything, releases, types: TypeSelection(primary: [.album]))
        #expect(Set(albums.entries.map(\.id)) == ["1", "3", "4"])
        #expect(albums.reasons["2"] == .unwantedType, "the feed's own types, no rule for Khruangbin")
    }

    @Test func anArtistsNewByOverridesTheFeeds() {
        let old = release("1", "Con Todo El Mundo", date: "2018-01-26")
        let discovered = ["1": today - 3]
        #expect(run(.none, [old], newBy: .release, discovered: discovered).reasons["1"] == .outsideWindow)
        let byDiscovery = ReleaseFilters(artistRules: [ArtistRule(name: "Khruangbin", newBy: .discovery)])
        #expect(run(byDiscovery, [old], newBy: .release, discovered: discovered).entries.map(\.id) == ["1"])
    }

    @Test func hideVariantsDropsVariantsAndKeepsOriginalsNamedLikeThem() {
        let releases = [
            release("1", "Daylight", "David Kushner", type: .single), release("2", "Daylight (Sped Up)", "David Kushner", type: .single),
            release("3", "Daylight (Slowed & Reverb)", "David Kushner", type: .single), release("4", "Acapella", "Kelis", type: .single)
        ]
        #expect(run(.none, releases).entries.count == 4)
        let hidden = run(ReleaseFilters(hideVariants: true), releases)
        #expect(Set(hidden.entries.map(\.id)) == ["1", "4"])
        #expect(hidden.dropped[.variant] == 2)
        #expect(hidden.reasons["2"] == .variant)
    }

    @Test func genreAndLabelExclusionsKeepWhatTheCatalogDoesNotName() {
        var christmas = release("1", "A Very Khruangbin Christmas")
        christmas.genre = "Holiday"
        var appleGenres = release("2", "Bossa", "Bonobo")
        appleGenres.genre = "Electronic"
        appleGenres.genres = ["Electronic", "Children's Music", "Music"]
        var label = release("3", "Ali")
        label.label = "Dead Oceans"
        let unknown = release("4", "Mordechai")
        let filters = ReleaseFilters(excludeGenres: ["holiday", "CHILDREN'S MUSIC"], excludeLabels: ["dead oceans"])
        let result = run(filters, [christmas, appleGenres, label, unknown])
        #expect(result.entries.map(\.id) == ["4"])
        #expect(result.reasons["1"] == .excludedGenre)
        #expect(result.reasons["2"] == .excludedGenre, "any of Apple Music's genreNames")
        #expect(result.reasons["3"] == .excludedLabel)
        #expect(result.dropped[.excludedGenre] == 2 && result.dropped[.excludedLabel] == 1)
    }

    @Test func noFiltersChangeNothing() {
        let releases = [release("1", "Daylight (Sped Up)"), release("2", "May Ninth", type: .single)]
        let plain = Diff(types: .standard, windowDays: 120)(releases: releases, owned: [], dismissed: [], today: today)
        let filtered = run(.none, releases)
        #expect(plain.entries == filtered.entries && plain.dropped == filtered.dropped)
    }
}
