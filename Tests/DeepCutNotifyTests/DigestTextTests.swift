import DeepCutCore
import Foundation
import Testing

@testable import DeepCutNotify

@Suite struct DigestTextTests {
    @Test func theTitleCountsAndNamesTheArtists() {
        #expect(DigestText(SampleDigest.message()).title == "3 releases from Bonobo, Khruangbin and 1 more")
        #expect(DigestText(SampleDigest.message([SampleDigest.items[0]])).title == "1 new release from Bonobo")
        let two = [SampleDigest.items[0], SampleDigest.item("Khruangbin", "Mordechai"), SampleDigest.item("bonobo", "Migration")]
        #expect(DigestText(SampleDigest.message(two)).title == "3 new releases from Bonobo and Khruangbin")
        #expect(DigestText(SampleDigest.message([SampleDigest.items[1]])).title == "1 announced release from Khruangbin")
        #expect(DigestText(SampleDigest.message([SampleDigest.items[2], SampleDigest.items[2]])).title == "2 releases out today from Björk")
        var test = SampleDigest.message()
        test.isTest = true
        #expect(DigestText(test).title.hasPrefix("Test from deepcut: "))
    }

    @Test func oneLinePerItemByEvent() {
        let plain = DigestText(SampleDigest.message()).plain
        #expect(plain.contains("New: Bonobo — Fragments (album, 2026-11-27)\n  https://music.example.org/album/1\n"))
        #expect(plain.contains("Announced for 2026-12-11: Khruangbin — A LA SALA (single, 2026-12-11)"))
        #expect(plain.contains("Out today: Björk — Fossora <Live> & \"Friends\" (ep, 2026-12-01)"))
        #expect(plain.hasSuffix("All releases: https://feed.example.org/index.html\n"))
    }

    /// Line and paragraph separators, NEL, other controls and bidi controls in a name become
    /// spaces (or go) in every form, so no item can break into a forged line of a message.
    @Test func everyFormCleansSeparatorsAndControls() {
        let hostile = SampleDigest.item("Line\u{2028}Artist\u{202E}", "Para\u{2029}Title\u{85}\nInjected")
        let text = DigestText(SampleDigest.message([hostile]))
        for (form, body) in [("title", text.title), ("plain", text.plain), ("markdown", text.markdown), ("html", text.html)] {
            #expect(!body.unicodeScalars.contains { [0x2028, 0x2029, 0x85, 0x202E].contains($0.value) }, "\(form)")
            #expect(!body.contains("\nInjected"), "\(form)")
        }
        #expect(text.title == "1 new release from Line Artist")
        #expect(text.plain.contains("New: Line Artist — Para Title  Injected ("), "\(text.plain)")
    }

    @Test func aLongDigestIsCappedWithThePageLink() {
        let items = (0..<45).map { SampleDigest.item("Artist \($0)", "Album \($0)") }
        let text = DigestText(SampleDigest.message(items), maximumLines: 5)
        #expect(text.plain.components(separatedBy: "\n").filter { $0.hasPrefix("New: ") }.count == 5)
        #expect(text.plain.contains("and 40 more: https://feed.example.org/index.html"))
        #expect(text.html.contains("<p>and 40 more: <a href=\"https://feed.example.org/index.html\">all releases</a></p>"))
        #expect(text.markdown.contains("and 40 more"))
        #expect(DigestText(SampleDigest.message(items, pageURL: nil), maximumLines: 5).plain.hasSuffix("and 40 more\n"))
    }

    @Test func htmlEscapesEveryText() {
        let html = DigestText(SampleDigest.message()).html
        #expect(html.contains("Fossora &lt;Live&gt; &amp; &quot;Friends&quot;"))
        #expect(!html.contains("<Live>"))
        #expect(html.contains("<a href=\"https://music.example.org/album/3\">"))
    }

    @Test func onlyWebLinksAreLinked() {
        var item = SampleDigest.item("Bonobo", "Fragments")
        item.entry.url = "javascript:alert(1)"
        let text = DigestText(SampleDigest.message([item]))
        #expect(!text.html.contains("javascript:"))
        #expect(!text.markdown.contains("javascript:"))
    }

    @Test func markdownKeepsTitlesAsText() {
        let markdown = DigestText(SampleDigest.message([SampleDigest.item("A*B", "[x](http://evil)")])).markdown
        #expect(markdown.contains("**A\\*B**"))
        #expect(markdown.contains("[\\[x\\]\\(http://evil\\)](https://music.example.org/album/"))
    }
}
