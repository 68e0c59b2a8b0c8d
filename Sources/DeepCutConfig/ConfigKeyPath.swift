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
