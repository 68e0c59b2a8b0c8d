import Testing

@testable import DeepCutCore
@testable import DeepCutPublish

@Suite struct DisplayTextTests {
    @Test func shortTextIsKeptExceptOverridesAndForbiddenCharacters() {
        #expect(DisplayText.field("Björk — Homogenic") == "Björk — Homogenic")
        #expect(DisplayText.field("a\u{202A}b\u{202B}c\u{202C}d\u{202D}e\u{202E}f\u{2066}g\u{2067}h\u{2068}i\u{2069}j") == "abcdefghij")
        #expect(DisplayText.field("\u{200F}שלום\u{200E} فيروز") == "\u{200F}שלום\u{200E} فيروز", "natural RTL text and marks stay")
        #expect(DisplayText.field("a\u{0}b\u{1B}c\u{85}d\u{FFFF}e\tf") == "abcde\tf")
    }

    @Test func longTextIsCutAtACharacterBoundaryWithAnEllipsis() {
        let family = "👨‍👩‍👧‍👦"
        let cut = DisplayText.field(String(repeating: family, count: 300))
        #expect(cut.count == DisplayText.nameLimit)
        #expect(cut == String(repeating: family, count: DisplayText.nameLimit - 1) + "…")
        #expect(DisplayText.field("abcdef", limit: 6) == "abcdef")
        #expect(DisplayText.field("abcdefg", limit: 6) == "abcde…")
    }

    @Test func oneLineTurnsControlsIntoSpaces() {
        #expect(DisplayText.line("Evil\nnext: rm\r\n-rf\t\u{202E}x") == "Evil next: rm  -rf x")
        #expect(DisplayText.line("a\u{0}b", limit: 10) == "a b")
        #expect(DisplayText.line(String(repeating: "y", count: 500), limit: 60).count == 60)
    }

    /// U+2028 and U+2029 are printable to XML and JSON but line breaks to a terminal, a browser's
    /// text and pre-ES2019 JavaScript: a space in a field, and on one line like NEL.
    @Test func lineAndParagraphSeparatorsBecomeSpaces() {
        #expect(DisplayText.field("Part I\u{2028}Part II\u{2029}End\u{85}!") == "Part I Part II End!")
        #expect(DisplayText.line("Part I\u{2028}Part II\u{2029}End\u{85}!") == "Part I Part II End !")
    }
}
