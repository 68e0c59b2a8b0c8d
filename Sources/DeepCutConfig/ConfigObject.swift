/// A config object being read. It remembers which keys the reader asked for, so `rejectUnknownKeys()`
/// can name any key nobody reads — a typo must fail loudly, not silently fall back to a default.
struct ConfigObject {
    private let members: [(key: String, value: JSONValue)]
    private let path: ConfigKeyPath
    private let fileName: String
    private var knownKeys: [String] = []

    init(members: [(key: String, value: JSONValue)], path: ConfigKeyPath, fileName: String) {
        self.members = members
        self.path = path
        self.fileName = fileName
    }

    /// The value under `key`, or nil when absent (the caller applies the default).
    mutating func optional(_ key: String) -> ConfigField? {
        knownKeys.append(key)
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return ConfigField(value: member.value, path: path.appending(key), fileName: fileName)
    }

    mutating func required(_ key: String) throws -> ConfigField {
        guard let field = optional(key) else {
            // A misspelt required key (`libary`) is first seen as missing: name the typo as
            // `rejectUnknownKeys` names any other, with the key it most likely means.
            if let typo = members.first(where: { editDistance($0.key, key) <= 2 })?.key {
                throw ConfigError(message: "\(fileName): unknown key '\(path.appending(typo))' (did you mean '\(path.appending(key))'?)")
            }
            throw ConfigError(message: "\(fileName): missing key '\(path.appending(key))'")
        }
        return field
    }

    /// Fails on the first key (in document order) that no `optional`/`required` call asked for.
    func rejectUnknownKeys() throws {
        guard let unknown = members.first(where: { !knownKeys.contains($0.key) })?.key else { return }
        var message = "\(fileName): unknown key '\(path.appending(unknown))'"
        if let suggestion = knownKeys.min(by: { editDistance(unknown, $0) < editDistance(unknown, $1) }),
            editDistance(unknown, suggestion) <= 2
        {
            message += " (did you mean '\(path.appending(suggestion))'?)"
        }
        throw ConfigError(message: message)
    }
}

/// Levenshtein distance, case-insensitive, for "did you mean" suggestions.
private func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let lhs = Array(lhs.lowercased())
    let rhs = Array(rhs.lowercased())
    var previous = Array(0...rhs.count)
    for (row, left) in lhs.enumerated() {
        var current = [row + 1]
        for (column, right) in rhs.enumerated() {
            current.append(Swift.min(previous[column + 1] + 1, current[column] + 1, previous[column] + (left == right ? 0 : 1)))
        }
        previous = current
    }
    return previous[rhs.count]
}

/// Where a value sits in the config, spelled as operators would look it up: `library[1].format`.
struct ConfigKeyPath: Sendable, Hashable, CustomStringConvertible {
    private enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    private var components: [Component] = []

    /// The document itself.
    static let root = ConfigKeyPath()

    var isRoot: Bool { components.isEmpty }

    func appending(_ key: String) -> ConfigKeyPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    func appending(index: Int) -> ConfigKeyPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
