import Foundation
import Testing

@testable import DeepCutCore

@Suite struct AvailabilityTests {
    static let us = CatalogSource(key: "itunes", provider: "itunes", storefront: "us")
    static let jp = CatalogSource(key: "itunes:jp", provider: "itunes", storefront: "jp")
    static let gb = CatalogSource(key: "apple-music:gb", provider: "apple-music", storefront: "gb")
    static let usAppleMusic = CatalogSource(key: "apple-music:us", provider: "apple-music", storefront: "us")
    static let musicBrainz = CatalogSource(key: "musicbrainz", provider: "musicbrainz", storefront: nil)

    static func listing(_ source: CatalogSource, _ id: String = "1", url: String? = nil) -> SourceListing {
        SourceListing(
            source: source, id: id, url: url ?? "https://music.apple.com/\(source.storefront ?? "xx")/album/\(id)",
            releaseDate: ReleaseDate(iso: "2026-11-27"))
    }

    static func entry(artist: String = "Bonobo", _ listings: [SourceListing]) -> FeedEntry {
        var entry = FeedEntry(
            id: "1", key: AlbumKey(title: "Fragments", artist: artist), title: "Fragments", artist: artist, type: .album,
            releaseDate: ReleaseDate(iso: "2026-11-27")!, artworkURL: nil, url: nil)
        entry.availability = listings
        return entry
    }

    @Test func listedInEveryAnsweringStorefrontIsNotRegionLocked() {
        let availability = Availability([Self.listing(Self.us), Self.listing(Self.jp)], answered: [Self.us, Self.jp])
        #expect(!availability.isRegionLocked)
        #expect(availability.missingStorefronts.isEmpty)
        #expect(availability.storefronts == ["JP", "US"])
    }

    @Test func aStorefrontThatAnsweredWithoutItMakesItRegionLocked() {
        let availability = Availability([Self.listing(Self.us)], answered: [Self.us, Self.jp, Self.gb])
        #expect(availability.isRegionLocked)
        #expect(availability.missingStorefronts == ["gb", "jp"])
        #expect(availability.summary == "Listed in iTunes US · region-locked (not in GB, JP)")
    }

    /// An outage is not a region lock: a storefront whose source did not answer is not "missing".
    @Test func aStorefrontThatDidNotAnswerIsNeverMissing() {
        let availability = Availability([Self.listing(Self.us)], answered: [Self.us])
        #expect(!availability.isRegionLocked)
        #expect(availability.summary == "Listed in iTunes US")
    }

    /// Two catalogs of one storefront: one listing it is enough for that storefront.
    @Test func storefrontsCountNotSources() {
        let availability = Availability([Self.listing(Self.us)], answered: [Self.us, Self.usAppleMusic])
        #expect(!availability.isRegionLocked)
    }

    /// A stale listing (a source that could not answer this run, listing kept from its memory) still lists.
    @Test func aStaleListingStillCountsAsListed() {
        let availability = Availability([Self.listing(Self.us), Self.listing(Self.jp)], answered: [Self.us, Self.gb])
        #expect(availability.missingStorefronts == ["gb"])
        #expect(availability.storefronts == ["JP", "US"])
    }

    @Test func onlyMusicBrainzListingItIsNeitherFlag() {
        let availability = Availability([Self.listing(Self.musicBrainz, "rg-1")], answered: [Self.us, Self.musicBrainz])
        #expect(!availability.isRegionLocked)
        #expect(!availability.isNotInMusicBrainz)
        #expect(availability.summary == "Listed in MusicBrainz")
    }

    @Test func storesWithoutMusicBrainzIsNotInMusicBrainzYetOnlyWhenMusicBrainzAnswered() throws {
        let missing = Availability([Self.listing(Self.us, "123")], answered: [Self.us, Self.musicBrainz])
        #expect(missing.isNotInMusicBrainz)
        #expect(missing.summary == "Listed in iTunes US · not in MusicBrainz yet")
        let unanswered = Availability([Self.listing(Self.us, "123")], answered: [Self.us])
        #expect(!unanswered.isNotInMusicBrainz)
        #expect(unanswered.harmonyURL == nil)
        let listed = Availability([Self.listing(Self.us), Self.listing(Self.musicBrainz, "rg")], answered: [Self.us, Self.musicBrainz])
        #expect(!listed.isNotInMusicBrainz)
        #expect(listed.summary == "Listed in iTunes US and MusicBrainz")
    }

    /// Harmony's `/release` takes `url` once per store page and `region` per storefront; each value
    /// is percent-encoded whole, so a store URL's own query stays inside its parameter.
    @Test func theHarmonyLinkNamesEveryStorePageAndStorefront() throws {
        let listings = [
            Self.listing(Self.us, "1", url: "https://music.apple.com/us/album/fragments/1?uo=4&x=1"),
            Self.listing(Self.jp, "1", url: "https://music.apple.com/jp/album/fragments/1"),
            Self.listing(Self.gb, "1", url: "javascript:alert(1)")
        ]
        let availability = Availability(listings, answered: [Self.us, Self.jp, Self.gb, Self.musicBrainz])
        let link = try #require(availability.harmonyURL)
        #expect(
            link == "https://harmony.pulsewidth.org.uk/release?url=https%3A%2F%2Fmusic.apple.com%2Fjp%2Falbum%2Ffragments%2F1"
                + "&url=https%3A%2F%2Fmusic.apple.com%2Fus%2Falbum%2Ffragments%2F1%3Fuo%3D4%26x%3D1&region=GB&region=JP&region=US")
        let components = try #require(URLComponents(string: link))
        #expect(
            components.queryItems?.filter { $0.name == "url" }.map(\.value) == [
                "https://music.apple.com/jp/album/fragments/1", "https://music.apple.com/us/album/fragments/1?uo=4&x=1"
            ])
    }

    @Test func noListingsTellNothing() {
        let availability = Availability([], answered: [Self.us, Self.jp, Self.musicBrainz])
        #expect(availability.isEmpty)
        #expect(!availability.isRegionLocked)
        #expect(!availability.isNotInMusicBrainz)
        #expect(availability.summary == nil)
    }

    /// A stale entry's artist was checked by no source in this run: no flag it could not know.
    @Test func aStaleEntryCarriesNoFlags() {
        var entry = Self.entry([Self.listing(Self.us)])
        let answers = SourceAnswers(sources: [Self.us, Self.jp, Self.musicBrainz])
        #expect(Availability(entry, answers: answers).isRegionLocked)
        entry.lastCheckedAt = Date(timeIntervalSince1970: 0)
        let stale = Availability(entry, answers: answers)
        #expect(!stale.isRegionLocked)
        #expect(!stale.isNotInMusicBrainz)
        #expect(stale.summary == "Listed in iTunes US")
    }

    /// A partial source answered for everyone but its incomplete artists, matched as names are.
    @Test func aPartialSourceDidNotAnswerForItsIncompleteArtists() {
        let answers = SourceAnswers(
            sources: [Self.us, Self.jp, Self.musicBrainz], unansweredArtists: ["itunes:jp": ["bonobo"], "musicbrainz": ["bonobo"]])
        let bonobo = Availability(Self.entry(artist: "BONOBO", [Self.listing(Self.us)]), answers: answers)
        #expect(!bonobo.isRegionLocked)
        #expect(!bonobo.isNotInMusicBrainz)
        let other = Availability(Self.entry(artist: "Khruangbin", [Self.listing(Self.us)]), answers: answers)
        #expect(other.isRegionLocked)
        #expect(other.isNotInMusicBrainz)
    }

    @Test func listingsAreNamedAsPeopleSayThem() {
        #expect(Availability.name(Self.listing(Self.gb)) == "Apple Music GB")
        #expect(Availability.name(Self.listing(Self.jp)) == "iTunes JP")
        #expect(Availability.name(Self.listing(Self.musicBrainz)) == "MusicBrainz")
        let all = Availability([Self.listing(Self.jp), Self.listing(Self.gb), Self.listing(Self.us)], answered: [])
        #expect(all.summary == "Listed in Apple Music GB, iTunes JP and iTunes US")
    }
}
