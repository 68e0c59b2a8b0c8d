import DeepCutCore
import Foundation
import Testing

@testable import DeepCutPublish

/// A several-catalogs snapshot in every output: where each entry can be heard, "region-locked" and
/// "not in MusicBrainz yet" (the rules are `AvailabilityTests`'); a one-catalog snapshot's bytes are
/// `OutputBytesTests`'.
@Suite struct AvailabilityOutputTests {
    static let us = CatalogSource(key: "itunes", provider: "itunes", storefront: "us")
    static let jp = CatalogSource(key: "itunes:jp", provider: "itunes", storefront: "jp")
    static let musicBrainz = CatalogSource(key: "musicbrainz", provider: "musicbrainz", storefront: nil)

    static func listing(_ source: CatalogSource, _ id: String, url: String?) -> SourceListing {
        SourceListing(source: source, id: id, url: url, releaseDate: ReleaseDate(iso: "2026-10-01"))
    }

    /// Entry 1: in US only (JP answered without it), not in MusicBrainz. Entry 2: everywhere. Entry 3: one
    /// catalog's shape (no listings). Upcoming 4: JP only.
    static func snapshot() -> Snapshot {
        var regionLocked = PublishFixtures.entry("1440857781", "Con Todo El Mundo", url: "https://music.apple.com/us/album/1440857781")
        regionLocked.availability = [listing(us, "1440857781", url: "https://music.apple.com/us/album/1440857781?uo=4")]
        var everywhere = PublishFixtures.entry("2", "Mordechai", date: "2026-09-01")
        everywhere.availability = [
            listing(jp, "2", url: "https://music.apple.com/jp/album/2"), listing(us, "2", url: "https://music.apple.com/us/album/2"),
            listing(musicBrainz, "5f0e", url: "https://musicbrainz.org/release-group/5f0e")
        ]
        let plain = PublishFixtures.entry("3", "Universe Smiles Upon You", date: "2026-08-01")
        var snapshot = PublishFixtures.snapshot(entries: [regionLocked, everywhere, plain])
        var coming = PublishFixtures.entry("4", "A LA SALA", date: "2026-12-11")
        coming.availability = [listing(jp, "4", url: "https://music.apple.com/jp/album/4")]
        snapshot.upcoming = [coming]
        snapshot.sources = [
            SourceStatus(source: us, status: .complete, artists: ArtistCounts(total: 1), requests: 1),
            SourceStatus(source: jp, status: .complete, artists: ArtistCounts(total: 1), requests: 1),
            SourceStatus(source: musicBrainz, status: .complete, artists: ArtistCounts(total: 1), requests: 1)
        ]
        return snapshot
    }

    static let harmony =
        "https://harmony.pulsewidth.org.uk/release?url=https%3A%2F%2Fmusic.apple.com%2Fus%2Falbum%2F1440857781%3Fuo%3D4&region=US"

    @Test func theJSONFeedCarriesListingsAndFlagsInAnUnderscoreExtension() throws {
        let data = try JSONFeedRenderer.render(Self.snapshot())
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == 4)
        let locked = try #require(items[0]["_deepcut"] as? [String: Any])
        #expect(locked["regionLocked"] as? Bool == true)
        #expect(locked["notInMusicBrainz"] as? Bool == true)
        #expect(locked["missingStorefronts"] as? [String] == ["jp"])
        #expect(locked["harmonyURL"] as? String == Self.harmony)
        let listings = try #require(locked["listings"] as? [[String: String]])
        #expect(
            listings == [
                [
                    "id": "1440857781", "provider": "itunes", "releaseDate": "2026-10-01", "source": "itunes", "storefront": "us",
                    "url": "https://music.apple.com/us/album/1440857781?uo=4"
                ]
            ])
        #expect(items[0]["tags"] as? [String] == ["album", "region-locked", "not-in-musicbrainz"])
        #expect(
            (items[0]["content_text"] as? String)?.contains("Listed in iTunes US · region-locked (not in JP) · not in MusicBrainz yet")
                == true)
        let everywhere = try #require(items[1]["_deepcut"] as? [String: Any])
        #expect(everywhere["regionLocked"] as? Bool == false)
        #expect(everywhere["notInMusicBrainz"] as? Bool == false)
        #expect(everywhere["harmonyURL"] == nil && everywhere["missingStorefronts"] == nil)
        #expect((everywhere["listings"] as? [[String: String]])?.map { $0["source"] } == ["itunes:jp", "itunes", "musicbrainz"])
        // An entry without listings has no extension object at all.
        #expect(items[2]["_deepcut"] == nil)
        #expect(items[2]["tags"] as? [String] == ["album"])
        #expect((items[3]["_deepcut"] as? [String: Any])?["regionLocked"] as? Bool == true)
    }

    /// RFC 4287 §4.2.2: a `category` per flag (`term`, `label`), and the availability line in the content.
    @Test func atomHasACategoryPerFlagAndTheLineInTheContent() throws {
        let atom = AtomRenderer.render(Self.snapshot())
        let document = try AtomDocument(atom)
        #expect(document.entries.count == 4)
        #expect(atom.contains("<category term=\"region-locked\" label=\"Region-locked\"/>"))
        #expect(atom.contains("<category term=\"not-in-musicbrainz\" label=\"Not in MusicBrainz yet\"/>"))
        let content = try #require(document.entries[0]["content"]?.first)
        #expect(content.contains("<p>Listed in <a href=\"https://music.apple.com/us/album/1440857781?uo=4\">iTunes US</a></p>"))
        #expect(content.contains("<p>Region-locked: not in JP</p>"))
        #expect(
            content.contains("<p>Not in MusicBrainz yet: <a href=\"\(MarkupText.escape(Self.harmony))\">add it through Harmony</a></p>"))
        let second = try #require(document.entries[1]["content"]?.first)
        #expect(
            second.contains(
                "iTunes JP</a>, <a href=\"https://music.apple.com/us/album/2\">iTunes US</a> and <a href=\"https://musicbrainz.org/release-group/5f0e\">MusicBrainz</a></p>"
            ))
        #expect(!second.contains("Region-locked") && !second.contains("Not in MusicBrainz"))
        #expect(atom.components(separatedBy: "term=\"region-locked\"").count == 3)  // entry 1 and the upcoming one
    }

    @Test func thePageShowsWhereToListenAndTheFlags() throws {
        let page = HTMLRenderer.render(Self.snapshot())
        #expect(page.contains(HTMLRenderer.availabilityStyle))
        #expect(
            page.contains(
                "<p class=\"where\"><span class=\"visually-hidden\">Listed in: </span><a class=\"store\" href=\"https://music.apple.com/us/album/1440857781?uo=4\" rel=\"noopener noreferrer\">iTunes US</a></p>"
            ))
        #expect(page.contains("<p class=\"flag locked\"><strong>Region-locked</strong>: in US, not in JP</p>"))
        #expect(
            page.contains(
                "<p class=\"flag no-mb\"><strong>Not in MusicBrainz yet</strong> · <a href=\"\(MarkupText.escape(Self.harmony))\" rel=\"noopener noreferrer\">add it via Harmony</a></p>"
            ))
        #expect(
            page.contains(
                "<a class=\"store mb\" href=\"https://musicbrainz.org/release-group/5f0e\" rel=\"noopener noreferrer\">MusicBrainz</a>"))
        #expect(page.components(separatedBy: "class=\"where\"").count == 3)
        // The "Coming soon" list names the flags as badges.
        #expect(
            page.contains("<span class=\"badge flag\">Region-locked</span> <span class=\"badge flag\">Not in MusicBrainz yet</span></li>"))
        // A one-catalog page has neither the styles nor the markup.
        let plain = HTMLRenderer.render(PublishFixtures.snapshot())
        #expect(!plain.contains(".where{") && !plain.contains("class=\"where\""))
    }

    /// A catalog URL that is not http(s) never becomes a link: the listing is named, not linked.
    @Test func aHostileListingLinkIsNamedNotLinked() throws {
        var snapshot = Self.snapshot()
        snapshot.entries[0].availability = [Self.listing(Self.us, "1", url: "javascript:alert(1)")]
        #expect(snapshot.entries[0].availability[0].url == nil)
        let page = HTMLRenderer.render(snapshot)
        #expect(page.contains("<span class=\"store\">iTunes US</span>"))
        #expect(!page.contains("javascript:"))
        // Without a store page Harmony has nothing to look up: the flag stays, the link goes.
        #expect(page.contains("<p class=\"flag no-mb\"><strong>Not in MusicBrainz yet</strong></p>"))
    }

    /// A source that failed this run answered for no one: its storefront is not "missing".
    @Test func aFailedSourceFlagsNothing() throws {
        var snapshot = Self.snapshot()
        snapshot.sources = [
            SourceStatus(source: Self.us, status: .complete, artists: ArtistCounts(total: 1), requests: 1),
            SourceStatus(source: Self.jp, status: .unreachable, artists: ArtistCounts(total: 1), requests: 1),
            SourceStatus(source: Self.musicBrainz, status: .failed, artists: ArtistCounts(total: 1), requests: 1)
        ]
        let data = try JSONFeedRenderer.render(snapshot)
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let first = try #require((feed["items"] as? [[String: Any]])?.first?["_deepcut"] as? [String: Any])
        #expect(first["regionLocked"] as? Bool == false)
        #expect(first["notInMusicBrainz"] as? Bool == false)
        #expect(!HTMLRenderer.render(snapshot).contains("class=\"flag"))
    }

    @Test func theCalendarDescriptionSaysWhereItCanBeHeard() throws {
        let snapshot = Self.snapshot()
        let event = CalendarEvent(
            uid: "u4", releaseID: "4", title: "A LA SALA", artist: "Khruangbin", type: .album, date: ReleaseDate(iso: "2026-12-11")!,
            url: nil, createdAt: PublishFixtures.runDate, changedAt: PublishFixtures.runDate)
        let calendar = CalendarRenderer.render([event], availability: snapshot.availabilitySummaries)
        let unfolded = calendar.replacingOccurrences(of: "\r\n ", with: "")
        #expect(
            unfolded.contains(
                "DESCRIPTION:album by Khruangbin\\, out 2026-12-11.\\nListed in iTunes JP · region-locked (not in US) · not in MusicBrainz yet\r\n"
            ))
        #expect(
            CalendarRenderer.render([event])
                == CalendarRenderer.render([event], availability: PublishFixtures.snapshot().availabilitySummaries))
    }

    /// The snapshot keeps `sources` and each entry's listings additively, and reads them back.
    @Test func theSnapshotRoundTripsSourcesAndListings() throws {
        let snapshot = Self.snapshot()
        let decoded = try OutputJSON.decode(Snapshot.self, from: try snapshot.encoded(), file: URL(fileURLWithPath: "current.json"))
        #expect(decoded == snapshot)
        let text = String(decoding: try PublishFixtures.snapshot().encoded(), as: UTF8.self)
        #expect(!text.contains("\"sources\"") && !text.contains("\"availability\""))
    }
}
