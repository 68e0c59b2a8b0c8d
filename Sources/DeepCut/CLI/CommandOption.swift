/// One `--name` option of a command: a flag, or an option that takes a value.
package struct CommandOption: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case flag
        /// Takes a value, shown in usage as `placeholder` (`--config PATH`).
        case value(placeholder: String)
    }

    /// Without the dashes: `config` for `--config`.
    package var name: String
    package var kind: Kind
    package var help: String
    package var isRepeatable: Bool
    package var isRequired: Bool

    package init(name: String, kind: Kind, help: String, isRepeatable: Bool = false, isRequired: Bool = false) {
        self.name = name
        self.kind = kind
        self.help = help
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
    }

    package static func flag(_ name: String, help: String) -> CommandOption {
        CommandOption(name: name, kind: .flag, help: help)
    }

    package static func value(_ name: String, placeholder: String, help: String,
                             repeatable: Bool = false, required: Bool = false) -> CommandOption {
        CommandOption(name: name, kind: .value(placeholder: placeholder), help: help, isRepeatable: repeatable, isRequired: required)
    }

    /// `--config PATH` or `--if-stale`.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let placeholder): "--\(name) \(placeholder)"
        }
    }
}
