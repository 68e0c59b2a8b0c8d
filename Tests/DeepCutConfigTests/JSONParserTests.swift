import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutCore

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Values

    @Test func keepsIntegersApartFromFractionsAndBooleans() throws {
        let value = try parse(#"{"a": 4, "b": 4.5, "c": true, "d": null, "e": -0, "f": 1e2}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b", "c", "d", "e", "f"])
        guard case .integer(4) = members[0].value, case .number(4.5) = members[1].value,
            case .boolean(true) = members[2].value, case .null = members[3].value,
            case .integer(0) = members[4].value, case .number(100) = members[5].value
        else {
            Issue.record("wrong kinds: \(members)")
            return
        }
    }

    @Test func keepsObjectKeysInDocumentOrder() throws {
        guard case .object(let members) = try parse(#"{"z": 1, "a": 2, "m": 3}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        guard case .string(let string) = try parse(#""a\"b\\c\/d\n\t\u00e9\ud83c\udfb5""#) else {
            Issue.record("not a string")
            return
        }
        #expect(string == "a\"b\\c/d\n\té🎵")
    }

    @Test func readsRawUTF8AndSkipsByteOrderMark() throws {
        guard case .array(let elements) = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"["Sigur Rós"]"#.utf8)),
            case .string(let string) = elements.first
        else {
            Issue.record("not an array of string")
            return
        }
        #expect(string == "Sigur Rós")
    }

    @Test func hugeIntegerFallsBackToNumber() throws {
        guard case .number(let number) = try parse("123456789012345678901234") else {
            Issue.record("not a number")
            return
        }
        #expect(number > 1e23)
    }

    @Test func nestedEmptyContainers() throws {
        guard case .array(let elements) = try parse(" [ [ ] , { } ] \n") else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == 2)
    }

    // MARK: - Errors

    @Test(arguments: [
        ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':' after key 'b'"),
        ("[1, 2", 1, 6, "expected ',' or ']' in array"),
        ("{\"a\": 1,}", 1, 9, "expected a string key"),
        ("", 1, 1, "unexpected end of input, expected a value"),
        ("[1] x", 1, 5, "unexpected content after the document"),
        ("[tru]", 1, 2, "invalid literal, expected 'true'"),
        ("[01]", 1, 3, "expected ',' or ']' in array"),
        ("[1.]", 1, 4, "expected a digit after '.'"),
        ("[-]", 1, 3, "expected a digit"),
        ("[1e]", 1, 4, "expected a digit in the exponent"),
        ("[1e999]", 1, 2, "number out of range"),
        ("\n\n  \"abc", 3, 3, "unterminated string"),
        ("\"a\tb\"", 1, 3, "control character 0x9 in string, escape it"),
        ("\"\\x\"", 1, 2, "invalid escape sequence"),
        ("\"\\u12G4\"", 1, 6, "expected 4 hex digits after '\\u'"),
        ("\"\\ud83c\"", 1, 2, "unpaired surrogate"),
        ("\"\\udfb5\"", 1, 2, "unpaired surrogate"),
        ("{\"a\": 1,\n \"a\": 2}", 2, 2, "duplicate key 'a'"),
        ("[@]", 1, 2, "unexpected character '@', expected a value")
    ])
    func reportsLineAndColumn(text: String, line: Int, column: Int, problem: String) {
        #expect(syntaxError(text) == JSONSyntaxError(line: line, column: column, problem: problem))
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let error = try? #require(throws: JSONSyntaxError.self) { try JSONParser.parse([0x5B, 0x0A, 0x22, 0x61, 0xFF, 0x22, 0x5D]) }
        #expect(error == JSONSyntaxError(line: 2, column: 1, problem: "invalid UTF-8 in string"))
    }

    @Test func rejectsDocumentsNestedTooDeeply() {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(syntaxError(deep)?.problem == "nested too deeply")
        let fine = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(syntaxError(fine) == nil)
    }

    @Test func messageNamesFileLineAndColumn() {
        let error = JSONSyntaxError(line: 3, column: 14, problem: "expected ',' or ']' in array")
        #expect(error.message(file: "library.json") == "library.json:3:14: invalid JSON: expected ',' or ']' in array")
    }
}
