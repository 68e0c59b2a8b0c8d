/// What a (sub)command accepts: enough to parse its arguments and to print its usage and help.
struct CommandSpec: Sendable, Hashable {
    /// The words after the program name: `["sweep"]`, `["dismissals", "import"]`; empty for the program itself.
    package var names: [String]
    var abstract: String
    package var options: [CommandOption]
    package var arguments: [CommandArgument]

    package init(_ names: [String], abstract: String, options: [CommandOption] = [], arguments: [CommandArgument] = []) {
        self.names = names
        self.abstract = abstract
        self.options = options
        self.arguments = arguments
    }

    func option(named name: String) -> CommandOption? {
        options.first { $0.name == name }
    }

    /// `deepcut dismissals import`.
    func displayName(program: String) -> String {
        ([program] + names).joined(separator: " ")
    }
}

/// One positional argument of a command, matched in declaration order.
struct CommandArgument: Sendable, Hashable {
    /// As usage shows it: `ID`, `FILE`.
    package var name: String
    package var help: String
    var isRequired: Bool
    /// The only values accepted (`bash`, `zsh`, `fish`); empty for any value. Completions offer them.
    var choices: [String]

    package init(_ name: String, help: String, isRequired: Bool = true, choices: [String] = []) {
        self.name = name
        self.help = help
        self.isRequired = isRequired
        self.choices = choices
    }

    /// The value names a file or folder: completions offer paths.
    var takesPath: Bool { PathPlaceholder.isPath(name) }
}

/// One `--name` option of a command: a flag, or an option that takes a value.
struct CommandOption: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case flag
        /// Takes a value, shown in usage as `placeholder` (`--config PATH`).
        case value(placeholder: String)
    }

    /// Without the dashes: `config` for `--config`.
    package var name: String
    package var kind: Kind
    package var help: String
    var isRepeatable: Bool
    var isRequired: Bool
    /// The only values accepted (`logfmt`, `human`); empty for any value. Completions offer them.
    var choices: [String]

    package init(
        name: String, kind: Kind, help: String, isRepeatable: Bool = false, isRequired: Bool = false, choices: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.help = help
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.choices = choices
    }

    package static func flag(_ name: String, help: String) -> CommandOption {
        CommandOption(name: name, kind: .flag, help: help)
    }

    package static func value(
        _ name: String, placeholder: String, help: String,
        repeatable: Bool = false, required: Bool = false, choices: [String] = []
    ) -> CommandOption {
        CommandOption(
            name: name, kind: .value(placeholder: placeholder), help: help, isRepeatable: repeatable, isRequired: required,
            choices: choices)
    }

    /// The value names a file or folder: completions offer paths.
    var takesPath: Bool {
        if case .value(let placeholder) = kind { PathPlaceholder.isPath(placeholder) } else { false }
    }

    /// `--config PATH` or `--if-stale`.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let placeholder): "--\(name) \(placeholder)"
        }
    }
}

/// Placeholders that stand for a path: `--config PATH`, `dismissals import FILE`, `--record DIR`.
enum PathPlaceholder {
    static let names: Set<String> = ["PATH", "FILE", "DIR"]

    static func isPath(_ placeholder: String) -> Bool {
        names.contains(placeholder)
    }
}

/// What the command line asks for once parsed.
enum CommandLineRequest: Sendable, Hashable {
    /// Run `arguments.command` (the program's own command, `names == []`, for options like `--version`).
    case run(ParsedArguments)
    /// Print this text on stdout and exit 0.
    case help(String)
}

extension CommandSpec {
    /// `usage: deepcut dismiss [--config PATH] [--title T] [ID]`: required parts bare, optional ones bracketed.
    func usage(program: String) -> String {
        "usage: " + synopsis(program: program)
    }

    func synopsis(program: String) -> String {
        let options = options.map { option in
            let part = option.synopsis + (option.isRepeatable ? " ..." : "")
            return option.isRequired ? part : "[\(part)]"
        }
        let arguments = arguments.map { $0.isRequired ? $0.name : "[\($0.name)]" }
        return ([displayName(program: program)] + options + arguments).joined(separator: " ")
    }

    /// The `--help` text: abstract, usage, arguments and options with their help.
    func help(program: String) -> String {
        var sections = [abstract, "usage: " + synopsis(program: program)]
        if !arguments.isEmpty {
            sections.append(HelpTable.render(title: "arguments:", rows: arguments.map { ($0.name, $0.help) }))
        }
        let helpRow = ("-h, --help", "Show this help.")
        sections.append(HelpTable.render(title: "options:", rows: options.map { ($0.synopsis, $0.help) } + [helpRow]))
        return sections.joined(separator: "\n\n")
    }
}

extension CommandSpec {
    /// Parses the words after the command's names.
    ///
    /// Accepts `--name value`, `--name=value`, flags, positionals in any order, and `--` after which every
    /// word is positional. `--help` or `-h` anywhere before `--` asks for help. A word starting with `-`
    /// is never taken as an option's value (write `--title=-ish`), so a forgotten value is reported as such —
    /// except a negative number (`--warn-age -5h`), which the option then refuses with its own range.
    /// - Throws: `UsageError` naming the offending word, with this command's usage.
    func parse(_ words: [String], program: String) throws -> CommandLineRequest {
        let beforeTerminator = words.prefix { $0 != "--" }
        if beforeTerminator.contains("--help") || beforeTerminator.contains("-h") {
            return .help(help(program: program))
        }
        func failure(_ problem: String) -> UsageError {
            UsageError(problem: "\(displayName(program: program)): \(problem)", usage: usage(program: program))
        }

        var parsed = ParsedArguments(command: self)
        var positionals: [String] = []
        var remaining = words[...]
        var onlyPositionals = false
        while let word = remaining.popFirst() {
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            let spelled = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            let inlineValue = word.firstIndex(of: "=").map { String(word[word.index(after: $0)...]) }
            guard spelled.hasPrefix("--"), let option = option(named: String(spelled.dropFirst(2))) else {
                throw failure("unknown option '\(spelled)'")
            }
            guard option.isRepeatable || !parsed.contains(option.name) else {
                throw failure("option '\(spelled)' given more than once")
            }
            switch option.kind {
            case .flag:
                guard inlineValue == nil else { throw failure("option '\(spelled)' takes no value") }
                parsed.set(option.name)
            case .value(let placeholder):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if let next = remaining.first, next == "-" || !next.hasPrefix("-") || Self.isNegativeNumber(next) {
                    value = next
                    remaining.removeFirst()
                } else {
                    throw failure("option '\(spelled)' needs a value (\(placeholder))")
                }
                guard option.choices.isEmpty || option.choices.contains(value) else {
                    throw failure("option '\(spelled)' takes \(option.choices.joined(separator: " or ")), not '\(value)'")
                }
                parsed.add(value, for: option.name)
            }
        }

        guard positionals.count <= arguments.count else {
            throw failure("unexpected argument '\(positionals[arguments.count])'")
        }
        for (argument, value) in zip(arguments, positionals) {
            guard argument.choices.isEmpty || argument.choices.contains(value) else {
                throw failure("\(argument.name) is \(argument.choices.joined(separator: ", ")), not '\(value)'")
            }
            parsed.set(value, forArgument: argument.name)
        }
        if let missing = options.first(where: { $0.isRequired && !parsed.contains($0.name) }) {
            throw failure("missing option '\(missing.synopsis)'")
        }
        if let missing = arguments.dropFirst(positionals.count).first(where: \.isRequired) {
            throw failure("missing argument \(missing.name)")
        }
        return .run(parsed)
    }

    /// `-5`, `-5h`, `-0.5d`: a minus then a digit, which no option name starts with.
    private static func isNegativeNumber(_ word: String) -> Bool {
        word.dropFirst().first.map { word.hasPrefix("-") && $0.isASCII && $0.isNumber } ?? false
    }
}
