import Testing

@testable import DeepCut

@Suite struct LogfmtTests {
    @Test func plainValuesStayBare() {
        #expect(
            Logfmt.line([("level", "info"), ("event", "artist.failed"), ("attempts", "3")])
                == "level=info event=artist.failed attempts=3")
    }

    @Test func valuesWithSpacesAreQuoted() {
        #expect(Logfmt.value("Bon Iver") == #""Bon Iver""#)
    }

    @Test func quotesAndBackslashesAreEscaped() {
        #expect(Logfmt.value(#"say "hi""#) == #""say \"hi\"""#)
        #expect(Logfmt.value(#"C:\music"#) == #""C:\\music""#)
    }

    @Test func lineBreaksNeverEndTheLine() {
        let encoded = Logfmt.value("first\nsecond\r\tthird\u{2028}fourth")
        #expect(encoded == #""first\nsecond\r\tthird\u2028fourth""#)
        #expect(!encoded.contains("\n") && !encoded.contains("\r"))
    }

    @Test func otherControlCharactersBecomeUnicodeEscapes() {
        #expect(Logfmt.value("a\u{1B}[31mb\u{7F}") == #""a\u001b[31mb\u007f""#)
    }

    @Test func equalsSignsAndEmptyValuesAreQuoted() {
        #expect(Logfmt.value("a=b") == #""a=b""#)
        #expect(Logfmt.value("") == #""""#)
    }

    @Test func printableUnicodeIsKept() {
        #expect(Logfmt.value("Sigur_Rós") == "Sigur_Rós")
        #expect(Logfmt.value("Sigur Rós") == #""Sigur Rós""#)
    }

    @Test func keysCannotBreakTheStructure() {
        #expect(Logfmt.key("http_status") == "http_status")
        #expect(Logfmt.key("bad key=\"x\"") == "bad_key__x_")
        #expect(Logfmt.key("") == "_")
    }
}
