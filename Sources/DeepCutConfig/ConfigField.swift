import DeepCutCore
import Foundation

/// One config value at its key path, read through typed accessors whose errors name the file and the path:
/// `config.json: catalog.concurrency: expected integer, got string`.
struct ConfigField {
    let value: JSONValue
    let path: ConfigKeyPath
    /// The config file's name as messages show it.
    let fileName: String

    /// An error about this value.
    func failure(_ problem: String) -> ConfigError {
        ConfigError(message: path.isRoot ? "\(fileName): \(problem)" : "\(fileName): \(path): \(problem)")
    }

    private func mismatch(expected: String) -> ConfigError {
        failure("expected \(expected), got \(value.kindName)")
    }

    // MARK: - Scalars

    func string() throws -> String {
        guard case .string(let string) = value else { throw mismatch(expected: "string") }
        return string
    }

    func nonEmptyString() throws -> String {
        let string = try string()
        guard !string.trimmingCharacters(in: .whitespaces).isEmpty else { throw failure("must not be empty") }
        return string
    }

    /// An integer; `20.0` counts, `20.5` does not.
    func integer() throws -> Int {
        switch value {
        case .integer(let integer):
            return integer
        case .number(let number):
            guard let integer = Int(exactly: number) else { throw failure("expected integer, got \(number)") }
            return integer
        default:
            throw mismatch(expected: "integer")
        }
    }

    /// An integer inside `range`; an upper bound of `Int.max` reads as "at least".
    ///
    /// The range is checked before the value becomes an `Int`, so `1e300` is "must be between …",
    /// not a failed conversion (and never a trap further on).
    func integer(in range: ClosedRange<Int>) throws -> Int {
        let bounds =
            range.upperBound == .max
            ? "at least \(range.lowerBound)"
            : "between \(range.lowerBound) and \(range.upperBound)"
        if case .number(let number) = value, !(Double(range.lowerBound)...Double(range.upperBound)).contains(number) {
            throw failure("must be \(bounds), got \(value.numberText)")
        }
        let integer = try integer()
        guard range.contains(integer) else { throw failure("must be \(bounds), got \(integer)") }
        return integer
    }

    func number() throws -> Double {
        switch value {
        case .integer(let integer): return Double(integer)
        case .number(let number): return number
        default: throw mismatch(expected: "number")
        }
    }

    /// A number greater than 0 and at most `limit`: durations later multiplied into seconds and
    /// milliseconds, where an absurd value (`1e15` minutes) would overflow an integer conversion.
    func positiveNumber(atMost limit: Double) throws -> Double {
        let number = try number()
        guard number > 0, number <= limit else {
            throw failure("must be greater than 0 and at most \(Int(limit)), got \(value.numberText)")
        }
        return number
    }

    /// One of an enumeration's raw values.
    func oneOf<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws -> Choice where Choice.RawValue == String {
        let string = try string()
        guard let choice = Choice(rawValue: string) else {
            let choices = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw failure("must be one of \(choices), got '\(string)'")
        }
        return choice
    }

    /// A two-letter ISO 3166 country code, lowercased (`us`): what catalog storefronts are keyed by.
    func countryCode() throws -> String {
        let string = try string()
        guard string.count == 2, string.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw failure("expected a two-letter country code, got '\(string)'")
        }
        return string.lowercased()
    }

    /// An absolute `http` or `https` URL with a host.
    func httpURL() throws -> URL {
        let string = try string()
        guard let url = URL(string: string), ["http", "https"].contains(url.scheme?.lowercased()),
            let host = url.host, !host.isEmpty
        else { throw failure("expected an absolute http(s) URL, got \(URLRedaction.shown(string))") }
        return url
    }

    /// A file path; relative paths resolve against `folder` (the config file's folder), absolute ones stay.
    func path(relativeTo folder: URL) throws -> URL {
        let path = try nonEmptyString()
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        return url.standardizedFileURL
    }

    // MARK: - Containers

    func array() throws -> [ConfigField] {
        guard case .array(let elements) = value else { throw mismatch(expected: "array") }
        return elements.enumerated().map { index, element in
            ConfigField(value: element, path: path.appending(index: index), fileName: fileName)
        }
    }

    func nonEmptyArray() throws -> [ConfigField] {
        let elements = try array()
        guard !elements.isEmpty else { throw failure("must not be empty") }
        return elements
    }

    func object() throws -> ConfigObject {
        guard case .object(let members) = value else { throw mismatch(expected: "object") }
        return ConfigObject(members: members, path: path, fileName: fileName)
    }
}

extension ConfigField {
    /// `{"Library Artist Name": "catalogID", …}`: every name and id a non-empty string, and no two
    /// names the same artist once normalised (which one would win would be a guess).
    func artistOverrides() throws -> [String: String] {
        guard case .object(let members) = value else { throw failure("expected object, got \(value.kindName)") }
        var overrides: [String: String] = [:]
        var namesByKey: [String: String] = [:]
        for (name, idValue) in members {
            let field = ConfigField(value: idValue, path: path.appending(name), fileName: fileName)
            let id = try field.nonEmptyString().trimmingCharacters(in: .whitespaces)
            let key = ArtistName.normalize(name)
            guard !key.isEmpty else { throw field.failure("the artist name must not be empty") }
            if let earlier = namesByKey[key] {
                throw field.failure("names the same artist as '\(earlier)'")
            }
            namesByKey[key] = name
            overrides[name] = id
        }
        return overrides
    }
}
