import DeepCutCore
import Foundation
import Testing

@testable import DeepCutPublish

@Suite struct RendererTests {
    /// Every character XML 1.0 forbids, plus markup, quotes and C1/DEL, in title and artist.
    static let forbidden = "\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{7F}\u{85}\u{FFFE}\u{FFFF}"
    static let hostileTitle = "<script>alert('x')</script> & \"Friends\"\(forbidden)\tTab"
    static let hostileArtist = "Ar<b>tist\u{1B}[31m ]]> &amp;"

    static func hostileSnapshot() -> Snapshot {
        PublishFixtures.snapshot(
            complete: false,
            entries: [
                PublishFixtures.entry(
                    "id/with space?&", hostileTitle, artist: hostileArtist,
                    artworkURL: "javascript:alert(1)", url: "https://example.com/a?b=1&c=<2>"),
                PublishFixtures.entry("2", "Data", date: "2026-09", artworkURL: "data:image/png;base64,AAAA", url: "JAVASCRIPT:alert(2)"),
                PublishFixtures.entry("3", "Plain", date: "2026-08-15", artworkURL: "HTTP://img.example.com/3.jpg", url: nil)
            ])
    }

    /// The hostile title with the forbidden characters dropped, as a reader should see it.
    static let cleanTitle = "<script>alert('x')</script> & \"Friends\"\tTab"
    static let cleanArtist = "Ar<b>tist[31m ]]> &amp;"

    // MARK: Escaping and links

    @Test func markupEscapesAndDropsForbiddenCharacters() {
        #expect(MarkupText.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
        for scalar in Self.forbidden.unicodeScalars {
            #expect(MarkupText.escape("x\(scalar)y") == "xy", "U+\(String(scalar.value, radix: 16))")
        }
        #expect(DisplayText.field("a<\(Self.forbidden)>b") == "a<>b")
        #expect(MarkupText.escape("tab\tlf\ncr\r é 😀 \u{FFFD}") == "tab\tlf\ncr\r é 😀 \u{FFFD}")
    }

    @Test func onlyHTTPLinksSurvive() {
        for good in ["https://example.com/x", "http://example.com", "HTTPS://Example.com/a?b=c"] {
            #expect(WebLink.http(good) == good)
        }
        for bad in [
            nil, "", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,hi", "ftp://example.com",
            "//example.com/x", "https://", "https:///path", "https://exa mple.com", "https://example.com/\n", "vbscript:x"
        ] {
            #expect(WebLink.http(bad) == nil, "\(bad ?? "nil")")
        }
    }

    @Test func entryIDsAreStableTagURIs() {
        #expect(FeedIdentity.entryID(provider: "itunes", releaseID: "1440857781") == "tag:deepcut.atlas,2026:itunes/1440857781")
        #expect(
            FeedIdentity.entryID(provider: "apple-music", releaseID: "id/with space?&")
                == "tag:deepcut.atlas,2026:apple-music/id%2Fwith%20space%3F%26")
    }

    // MARK: Atom

    @Test func atomIsWellFormedWithHostileText() throws {
        let atom = AtomRenderer.render(Self.hostileSnapshot())
        let reader = try AtomDocument(atom)
        #expect(reader.root == "feed")
        #expect(reader.values["feed/id"] == ["tag:deepcut.atlas,2026:feed"])
        #expect(reader.values["feed/updated"] == ["2026-11-29T12:00:41Z"])
        #expect(reader.values["feed/author/name"] == ["Deep Cut Atlas"])
        #expect(
            reader.values["feed/entry/id"] == [
                "tag:deepcut.atlas,2026:itunes/id%2Fwith%20space%3F%26",
                "tag:deepcut.atlas,2026:itunes/2", "tag:deepcut.atlas,2026:itunes/3"
            ])
        #expect(reader.values["feed/entry/title"]?.first == "\(Self.cleanArtist) — \(Self.cleanTitle)")
        #expect(reader.values["feed/entry/author/name"]?.first == Self.cleanArtist)
        #expect(reader.values["feed/entry/updated"] == ["2026-10-01T00:00:00Z", "2026-09-01T00:00:00Z", "2026-08-15T00:00:00Z"])
        #expect(reader.links["feed/entry/link"]?.compactMap { $0["href"] } == ["https://example.com/a?b=1&c=<2>"])
        let content = try #require(reader.values["feed/entry/content"]?.first)
        #expect(content.contains("&lt;script&gt;"))
        #expect(!content.contains("<script"))
        #expect(!content.contains("javascript:"))
        #expect(!atom.lowercased().contains("javascript:"))
        #expect(!atom.contains("data:image"))
    }

    // MARK: JSON Feed

    @Test func jsonFeedHasTheRequiredFieldsAndSafeLinks() throws {
        let data = try JSONFeedRenderer.render(Self.hostileSnapshot())
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["title"] as? String == "Deep Cut Atlas")
        #expect((feed["_deepcut"] as? [String: Any])?["complete"] as? Bool == false)
        #expect((feed["_deepcut"] as? [String: Any])?["incompleteArtists"] as? [String] == ["Bonobo", "Four Tet"])
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == 3)
        for item in items {
            #expect(item["id"] is String)
            #expect(item["content_html"] is String && item["content_text"] is String)
            #expect((item["content_html"] as? String)?.contains("<script") == false)
        }
        #expect(items[0]["id"] as? String == "tag:deepcut.atlas,2026:itunes/id%2Fwith%20space%3F%26")
        #expect(items[0]["title"] as? String == "\(Self.cleanArtist) — \(Self.cleanTitle)")
        #expect((items[0]["content_text"] as? String)?.hasPrefix("\(Self.cleanArtist) — \(Self.cleanTitle)\n") == true)
        #expect((items[0]["authors"] as? [[String: String]])?.first?["name"] == Self.cleanArtist)
        #expect(items[0]["url"] as? String == "https://example.com/a?b=1&c=<2>")
        #expect(items[0]["image"] == nil)
        #expect(items[0]["date_published"] as? String == "2026-10-01T00:00:00Z")
        #expect(items[1]["url"] == nil && items[1]["image"] == nil)
        #expect(items[1]["date_published"] as? String == "2026-09-01T00:00:00Z")
        #expect(items[2]["image"] as? String == "HTTP://img.example.com/3.jpg")
        #expect((items[2]["authors"] as? [[String: String]])?.first?["name"] == "Khruangbin")
        #expect(items[2]["tags"] as? [String] == ["album"])
        #expect(try JSONFeedRenderer.render(Self.hostileSnapshot()) == data)
    }

    // MARK: HTML

    @Test func pageEscapesEverythingAndLinksOnlyHTTP() {
        let html = HTMLRenderer.render(Self.hostileSnapshot())
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.lowercased().contains("javascript:"))
        #expect(!html.contains("data:image"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Friends&quot;"))
        #expect(!html.unicodeScalars.contains { MarkupText.isAllowed($0) == false })
        let links = Self.attributeValues(named: "href", in: html) + Self.attributeValues(named: "src", in: html)
        let ownFiles = ["feed.atom", "feed.json", "upcoming.ics"]
        #expect(links.filter { !ownFiles.contains($0) } == ["https://example.com/a?b=1&amp;c=&lt;2&gt;", "HTTP://img.example.com/3.jpg"])
        #expect(html.components(separatedBy: "<li class=\"card\">").count - 1 == 3)
        let first = html.range(of: "Ar&lt;b&gt;tist")!.lowerBound
        let last = html.range(of: ">Plain<")!.lowerBound
        #expect(first < last)
    }

    @Test func partialPageNamesTheMissingArtistsEscaped() {
        var snapshot = PublishFixtures.snapshot(complete: false, entries: [])
        snapshot.incompleteArtists = ["<img src=x onerror=alert(1)>", "Bonobo"] + (1...25).map { "Artist \($0)" }
        let html = HTMLRenderer.render(snapshot)
        #expect(html.contains("Partial feed: 27 artists could not be checked."))
        #expect(html.contains("<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>, <bdi>Bonobo</bdi>, <bdi>Artist 1</bdi>"))
        #expect(html.contains("<bdi>Artist 18</bdi> and 7 more</p>"))
        #expect(html.contains("No sweep has been complete yet."))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("No new releases in this snapshot."))
    }

    @Test func completePageHasNoBanner() {
        let html = HTMLRenderer.render(PublishFixtures.snapshot())
        #expect(!html.contains("class=\"banner\""))
        #expect(html.contains("<time datetime=\"2026-10-01\">2026-10-01</time>"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }

    static func attributeValues(named name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().compactMap {
            $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
        }
    }
}

extension RendererTests {
    /// The label a person expects for each combination of primary and secondary types.
    @Test(arguments: [
        (RecordingType.album, [SecondaryType](), "Album"),
        (.album, [.live], "Live album"),
        (.ep, [.remix], "Remix EP"),
        (.album, [.soundtrack], "Soundtrack"),
        (.album, [.live, .soundtrack], "Live soundtrack"),
        (.single, [.soundtrack], "Soundtrack single"),
        (.ep, [.demo], "Demo EP"),
        (.compilation, [.appearance], "Appears on · Compilation"),
        (.album, [.live, .appearance], "Appears on · Live album")
    ])
    func typeLabelsNameSecondaryTypes(type: RecordingType, secondary: [SecondaryType], label: String) {
        var entry = PublishFixtures.entry("1", "Title", type: type)
        entry.secondaryTypes = secondary
        #expect(EntryContent.typeLabel(entry) == label)
    }

    @Test func feedsTagAndLabelSecondaryTypes() throws {
        var snapshot = PublishFixtures.snapshot()
        snapshot.entries[0].secondaryTypes = [.live]
        let atom = AtomRenderer.render(snapshot)
        #expect(atom.contains(#"<category term="album" label="Live album"/>"#))
        #expect(atom.contains(#"<category term="live"/>"#))
        let feed = try #require(try JSONSerialization.jsonObject(with: JSONFeedRenderer.render(snapshot)) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.first?["tags"] as? [String] == ["album", "live"])
        #expect((items.first?["content_text"] as? String)?.contains("Live album, released") == true)
    }
}
