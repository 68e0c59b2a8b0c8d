import DeepCutCore
import Foundation
import Testing

@testable import DeepCutPublish

/// The feeds meet their specs' required fields (RFC 4287 for Atom, JSON Feed 1.1), keep ids stable,
/// and link to themselves under `publish.baseURL`.
@Suite struct FeedSpecTests {
    static let links = FeedLinks(baseURL: URL(string: "https://music.example.org/deepcut")!)

    // MARK: Atom 1.0

    @Test func atomHasEveryRequiredElement() throws {
        let atom = try AtomDocument(AtomRenderer.render(ExampleRun.snapshot, links: Self.links))
        #expect(atom.root == "feed")
        for required in ["feed/id", "feed/title", "feed/updated", "feed/author/name"] {
            #expect(atom.values[required]?.count == 1, "\(required)")
        }
        #expect(atom.entries.count == ExampleRun.entries.count)
        for (entry, source) in zip(atom.entries, ExampleRun.entries) {
            #expect(entry["id"]?.count == 1 && entry["title"]?.count == 1 && entry["updated"]?.count == 1, "\(source.id)")
            #expect(entry["id"] == [FeedIdentity.entryID(provider: "itunes", releaseID: source.id)])
            #expect(entry["id"]?.first?.hasPrefix("tag:deepcut.atlas,2026:") == true)
            #expect(entry["author/name"] == [source.artist])
            // RFC 3339 timestamps
            #expect(entry["updated"]?.first.flatMap(Timestamp.date) != nil, "\(entry["updated"] ?? [])")
            let content = try #require(entry["content"]?.first)
            for part in [
                source.artist, source.title, EntryContent.typeLabel(source.type), source.releaseDate.description,
                try #require(source.url), try #require(source.artworkURL ?? source.url)
            ] {
                #expect(content.contains(MarkupText.escape(part)), "\(source.id) content lacks \(part)")
            }
        }
        #expect(atom.values["feed/updated"] == ["2026-11-29T12:04:11Z"])
    }

    @Test func atomLinksToItselfAndThePageUnderTheBaseURL() throws {
        let atom = try AtomDocument(AtomRenderer.render(ExampleRun.snapshot, links: Self.links))
        let feedLinks = try #require(atom.links["feed/link"])
        #expect(feedLinks.contains(["rel": "self", "type": "application/atom+xml", "href": "https://music.example.org/deepcut/feed.atom"]))
        #expect(feedLinks.contains(["rel": "alternate", "type": "text/html", "href": "https://music.example.org/deepcut/"]))
        // Without a base URL the feed still names itself, by relative reference (RFC 4287 allows any IRI reference).
        let withoutBase = try AtomDocument(AtomRenderer.render(ExampleRun.snapshot))
        #expect(
            withoutBase.links["feed/link"] == [
                ["rel": "self", "type": "application/atom+xml", "href": "feed.atom"],
                ["rel": "alternate", "type": "text/html", "href": "index.html"]
            ])
    }

    @Test func entryIDsDoNotDependOnAnythingButProviderAndCatalogID() throws {
        var changed = ExampleRun.snapshot
        changed.entries[0].title = "Renamed"
        changed.entries[0].url = "https://elsewhere.example.com/x"
        changed.generatedAt = changed.generatedAt.addingTimeInterval(86_400)
        let before = try AtomDocument(AtomRenderer.render(ExampleRun.snapshot)).values["feed/entry/id"]
        let after = try AtomDocument(AtomRenderer.render(changed)).values["feed/entry/id"]
        #expect(before == after)
        let json = try Self.jsonFeed(changed)
        #expect((json["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == before)
    }

    // MARK: JSON Feed 1.1

    @Test func jsonFeedHasEveryRequiredFieldAndValidAuthors() throws {
        let feed = try Self.jsonFeed(ExampleRun.snapshot, links: Self.links)
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["title"] as? String == "Deep Cut Atlas")
        #expect(feed["home_page_url"] as? String == "https://music.example.org/deepcut/")
        #expect(feed["feed_url"] as? String == "https://music.example.org/deepcut/feed.json")
        let authors = try #require(feed["authors"] as? [[String: Any]])
        #expect(!authors.isEmpty && authors.allSatisfy { $0["name"] is String })
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == ExampleRun.entries.count)
        for (item, source) in zip(items, ExampleRun.entries) {
            #expect(item["id"] as? String == FeedIdentity.entryID(provider: "itunes", releaseID: source.id))
            // An item must have content_html or content_text; we give both.
            let html = try #require(item["content_html"] as? String)
            let text = try #require(item["content_text"] as? String)
            #expect(text.contains(source.title) && text.contains(source.artist) && text.contains(source.releaseDate.description))
            #expect(html.contains(EntryContent.typeLabel(source.type)))
            // 1.1 authors: an array of objects with at least a name.
            #expect((item["authors"] as? [[String: String]]) == [["name": source.artist]])
            #expect(item["author"] == nil, "the 1.0 `author` object is deprecated in 1.1")
            #expect(item["url"] as? String == source.url)
            #expect(item["image"] as? String == source.artworkURL)
            #expect((item["date_published"] as? String).flatMap(Timestamp.date) != nil)
        }
        let withAlternates = try #require(items.first?["content_html"] as? String)
        #expect(withAlternates.contains("<a href=\"https://music.example.com/album/1771000002\">Cascade II (Clean)</a>"))
    }

    @Test func jsonFeedOmitsSelfLinksWithoutABaseURL() throws {
        let feed = try Self.jsonFeed(ExampleRun.snapshot)
        #expect(feed["home_page_url"] == nil && feed["feed_url"] == nil)
    }

    // MARK: Base URL

    @Test(arguments: [
        ("https://example.org/deepcut", "https://example.org/deepcut/"),
        ("https://example.org/deepcut/", "https://example.org/deepcut/"),
        ("http://example.org", "http://example.org/")
    ])
    func baseURLGainsOneTrailingSlash(base: String, home: String) throws {
        let links = try #require(FeedLinks(baseURL: URL(string: base)))
        #expect(links.home == home)
        #expect(links.jsonFeed == home + "feed.json")
        #expect(links.atomFeed == home + "feed.atom")
    }

    @Test func onlyHTTPBaseURLsMakeLinks() {
        #expect(FeedLinks(baseURL: nil) == nil)
        #expect(FeedLinks(baseURL: URL(string: "ftp://example.org/feed")) == nil)
        #expect(FeedLinks(baseURL: URL(fileURLWithPath: "/srv/feed")) == nil)
    }

    static func jsonFeed(_ snapshot: Snapshot, links: FeedLinks? = nil) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONFeedRenderer.render(snapshot, links: links)) as? [String: Any])
    }
}
