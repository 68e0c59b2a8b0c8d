import Foundation
import Testing

@testable import DeepCutCore

@Suite struct TypeSelectionTests {
    func release(_ type: RecordingType, _ secondary: [SecondaryType] = []) -> Release {
        Release(id: "1", title: "T", artist: "A", type: type, releaseDate: nil, secondaryTypes: secondary)
    }

    func selection(_ names: [String]) -> TypeSelection? {
        TypeSelection(names.map { TypeSelection.Choice(name: $0)! })
    }

    @Test func theStandardSelectionWantsEverythingButAppearances() {
        let standard = TypeSelection.standard
        for type in RecordingType.allCases { #expect(standard.wants(release(type))) }
        for secondary in [SecondaryType.live, .remix, .soundtrack, .demo] { #expect(standard.wants(release(.album, [secondary]))) }
        #expect(!standard.wants(release(.compilation, [.appearance])))
        #expect(!standard.wants(release(.album, [.live, .appearance])))
    }

    /// The SPEC's example and every config written before secondary types existed.
    @Test func aListOfPrimaryTypesOnlyKeepsLiveAlbumsAndSoundtracks() throws {
        let legacy = try #require(selection(["album", "ep", "single", "compilation"]))
        #expect(legacy == .standard)
        let albumsOnly = try #require(selection(["album"]))
        #expect(albumsOnly.wants(release(.album, [.live])))
        #expect(albumsOnly.wants(release(.album, [.soundtrack, .remix])))
        #expect(!albumsOnly.wants(release(.ep, [.live])))
        #expect(!albumsOnly.wants(release(.album, [.appearance])))
    }

    @Test func namingSecondaryTypesWantsExactlyThose() throws {
        let chosen = try #require(selection(["album", "ep", "live"]))
        #expect(chosen.secondary == [.live])
        #expect(chosen.wants(release(.album)))
        #expect(chosen.wants(release(.ep, [.live])))
        #expect(!chosen.wants(release(.album, [.soundtrack])))
        // Each secondary type must be wanted: a live soundtrack needs both.
        #expect(!chosen.wants(release(.album, [.live, .soundtrack])))
        #expect(!chosen.wants(release(.single, [.live])))
    }

    @Test func appearancesAreOptIn() throws {
        let withAppearances = try #require(selection(["album", "compilation", "appearance"]))
        #expect(withAppearances.wants(release(.compilation, [.appearance])))
        // Naming one secondary type names the whole set: live is no longer implied.
        #expect(!withAppearances.wants(release(.album, [.live])))
    }

    @Test func aListWithoutAPrimaryTypeIsRefused() {
        #expect(selection(["live"]) == nil)
        #expect(TypeSelection.Choice(name: "Live") == nil)
        #expect(TypeSelection.Choice(name: "mixtape") == nil)
    }

    @Test func secondaryTypesAreKeptSortedAndUnique() {
        let release = release(.album, [.soundtrack, .live, .soundtrack])
        #expect(release.secondaryTypes == [.live, .soundtrack])
        #expect(FeedEntry(release, releaseDate: ReleaseDate(year: 2026, month: 1, day: 1)).secondaryTypes == [.live, .soundtrack])
    }

    /// `type` keeps the SPEC's four values; `secondaryTypes` is additive and only there when non-empty.
    @Test func snapshotEntriesCarrySecondaryTypesOnlyWhenThereAreSome() throws {
        let day = ReleaseDate(year: 2026, month: 11, day: 1)
        let live = FeedEntry(release(.album, [.live]), releaseDate: day)
        let plain = FeedEntry(release(.album), releaseDate: day)
        let encoder = JSONEncoder()
        let liveJSON = try #require(String(data: try encoder.encode(live), encoding: .utf8))
        #expect(liveJSON.contains(#""type":"album""#))
        #expect(liveJSON.contains(#""secondaryTypes":["live"]"#))
        #expect(!(try #require(String(data: try encoder.encode(plain), encoding: .utf8))).contains("secondaryTypes"))
        #expect(try JSONDecoder().decode(FeedEntry.self, from: try encoder.encode(live)) == live)
        #expect(try JSONDecoder().decode(FeedEntry.self, from: try encoder.encode(plain)).secondaryTypes == [])
    }

    @Test func theDiffDropsUnwantedSecondaryTypes() throws {
        let today = ReleaseDate(iso: "2026-11-29")!.epochDay
        let date = ReleaseDate(iso: "2026-11-01")
        let releases = [
            Release(id: "1", title: "Studio", artist: "A", type: .album, releaseDate: date),
            Release(id: "2", title: "Live at Rome", artist: "A", type: .album, releaseDate: date, secondaryTypes: [.live]),
            Release(id: "3", title: "Hits", artist: "Various Artists", type: .compilation, releaseDate: date, secondaryTypes: [.appearance])
        ]
        let standard = Diff(types: .standard, windowDays: 120)(releases: releases, owned: [], dismissed: [], today: today)
        #expect(Set(standard.entries.map(\.id)) == ["1", "2"])
        #expect(standard.dropped[.unwantedType] == 1)
        let studio = Diff(types: try #require(selection(["album", "compilation", "appearance"])), windowDays: 120)(
            releases: releases, owned: [], dismissed: [], today: today)
        #expect(Set(studio.entries.map(\.id)) == ["1", "3"])
        #expect(studio.reasons["2"] == .unwantedType)
    }

    /// Appearances arrive in listings late (a view read once wanted): never new by discovery alone.
    @Test func anAppearanceIsNewByItsReleaseDateOnly() {
        let today = ReleaseDate(iso: "2026-11-29")!.epochDay
        let old = ReleaseDate(iso: "2015-01-01")
        let releases = [
            Release(id: "1", title: "Old Own", artist: "A", type: .album, releaseDate: old),
            Release(id: "2", title: "Old Guest Spot", artist: "B", type: .album, releaseDate: old, secondaryTypes: [.appearance])
        ]
        let diff = Diff(types: TypeSelection(secondary: [.appearance]), windowDays: 120, newBy: .either)
        let result = diff(releases: releases, owned: [], dismissed: [], today: today, discovered: ["1": today - 1, "2": today - 1])
        #expect(result.entries.map(\.id) == ["1"])
        #expect(result.reasons["2"] == .outsideWindow)
    }
}
