import DeepCutCore
import Foundation
import Testing

@Suite struct JSONStringLiteralTests {
    /// Quote, backslash, the short escapes, another C0 control, DEL, a line separator, a bidi
    /// override, a slash and a non-ASCII letter.
    static let awkward = "a\"b\\c\nd\re\tf\u{1}g\u{7F}h\u{2028}i\u{202E}j/k\u{E9}"

    @Test func onlyWhatJSONRequiresIsEscapedByDefault() throws {
        let literal = JSONStringLiteral.quoting(Self.awkward)
        #expect(literal == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\u{7F}h\u{2028}i\u{202E}j/k\u{E9}\"")
        #expect(try JSONDecoder().decode(String.self, from: Data(literal.utf8)) == Self.awkward)
    }

    @Test func aCallerEscapesMoreAsLowercaseFourDigitHex() throws {
        let literal = JSONStringLiteral.quoting(Self.awkward) { $0.properties.generalCategory == .control || $0.value >= 0x2000 }
        #expect(literal == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u007fh\\u2028i\\u202ej/k\u{E9}\"")
        #expect(try JSONDecoder().decode(String.self, from: Data(literal.utf8)) == Self.awkward)
    }

    @Test func encoderShortFormsWriteBackspaceAndFormFeedAsJSONEncoderDoes() throws {
        let text = "a\u{08}b\u{0C}c\u{1}"
        #expect(JSONStringLiteral.quoting(text) == "\"a\\u0008b\\u000cc\\u0001\"")
        #expect(JSONStringLiteral.quoting(text, encoderShortForms: true) == "\"a\\bb\\fc\\u0001\"")
        #expect(String(decoding: try JSONEncoder().encode(text), as: UTF8.self) == JSONStringLiteral.quoting(text, encoderShortForms: true))
        #expect(JSONStringLiteral.quoting("plain / text") == "\"plain / text\"")
    }

    @Test func hexDigitsReadInEitherCaseAndNothingElse() {
        let digits = Array("0123456789abcdefABCDEF".utf8).map(\.hexDigitValue)
        #expect(digits == (0...15).map { UInt8($0) } + (10...15).map { UInt8($0) })
        #expect(Array("gG/:@`".utf8).allSatisfy { $0.hexDigitValue == nil })
    }
}
