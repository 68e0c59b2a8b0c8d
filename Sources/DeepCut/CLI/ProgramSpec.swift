import DeepCutCore

/// The whole command line: the program's own options (such as `--version`) and its commands,
/// whose names may nest (`dismissals import`, `dismissals export`).
struct ProgramSpec: Sendable {
    package var name: String
    var abstract: String
    /// Options given without a command, like `deepcut --version`.
    package var options: [CommandOption]
    /// Options every command accepts (`--log-format`), listed once here and added to each command's own.
    var globalOptions: [CommandOption]
    var commands: [CommandSpec]

    package init(
        name: String, abstract: String, options: [CommandOption] = [], globalOptions: [CommandOption] = [], commands: [CommandSpec]
    ) {
        self.name = name
        self.abstract = abstract
        self.options = options
        self.globalOptions = globalOptions
        self.commands = commands.map { command in
            var command = command
            command.options += globalOptions.filter { global in command.option(named: global.name) == nil }
            return command
        }
    }

    /// The program's own command: no names, only `options`.
    var ownCommand: CommandSpec {
        CommandSpec([], abstract: abstract, options: options)
    }

    /// Parses the words after the program name (`CommandLine.arguments.dropFirst()`).
    /// - Throws: `UsageError` for an unknown or missing command, or a command's own usage problem.
    package func parse(_ words: [String]) throws -> CommandLineRequest {
        let matches = commands.filter { words.starts(with: $0.names) }
        if let command = matches.max(by: { $0.names.count < $1.names.count }) {
            return try command.parse(Array(words.dropFirst(command.names.count)), program: name)
        }
        let group = groupNames(at: words)
        let rest = words.dropFirst(group.count)
        let scope = ([name] + group).joined(separator: " ")
        // An unknown command is named even beside --help: general help (exit 0) would hide the typo.
        if let word = rest.first, !word.hasPrefix("-") {
            throw UsageError(problem: "\(scope): unknown command '\(word)'", usage: usage(group: group))
        }
        let beforeTerminator = rest.prefix { $0 != "--" }
        if beforeTerminator.contains("--help") || beforeTerminator.contains("-h") {
            return .help(help(group: group))
        }
        if group.isEmpty, !rest.isEmpty {
            return try parseOwnOptions(Array(rest))
        }
        throw UsageError(problem: "\(scope): missing \(group.isEmpty ? "command" : "subcommand")", usage: usage(group: group))
    }

    private func parseOwnOptions(_ words: [String]) throws -> CommandLineRequest {
        let request: CommandLineRequest
        do {
            request = try ownCommand.parse(words, program: name)
        } catch let error as UsageError {
            throw UsageError(problem: error.problem, usage: usage(group: []))
        }
        if case .run(let parsed) = request, parsed.isEmpty {
            throw UsageError(problem: "\(name): missing command", usage: usage(group: []))
        }
        return request
    }

    /// The longest leading words that are a strict prefix of some command's names: `["dismissals"]`.
    private func groupNames(at words: [String]) -> [String] {
        commands
            .map { command in Array(zip(command.names.dropLast(), words).prefix { $0 == $1 }.map(\.0)) }
            .max { $0.count < $1.count } ?? []
    }

    func commands(in group: [String]) -> [CommandSpec] {
        commands.filter { $0.names.starts(with: group) }
    }
}

extension ProgramSpec {
    /// Every command of `group` (all commands for `[]`), one usage line each.
    func usage(group: [String]) -> String {
        var lines = commands(in: group).map { $0.synopsis(program: name) }
        if group.isEmpty, !options.isEmpty {
            lines.insert(ownCommand.synopsis(program: name), at: 0)
        }
        return lines.enumerated()
            .map { index, line in (index == 0 ? "usage: " : "       ") + line }
            .joined(separator: "\n")
    }

    /// The `--help` text of the program, or of a command group such as `dismissals`.
    func help(group: [String]) -> String {
        let scope = ([name] + group).joined(separator: " ")
        let commandRows = commands(in: group).map { ($0.names.joined(separator: " "), $0.abstract) }
        var sections = [abstract, "usage: \(scope) <command> [options]", HelpTable.render(title: "commands:", rows: commandRows)]
        if group.isEmpty {
            let optionRows = options.map { ($0.synopsis, $0.help) } + [("-h, --help", "Show this help.")]
            sections.append(HelpTable.render(title: "options:", rows: optionRows))
            if !globalOptions.isEmpty {
                let globalRows = globalOptions.map { ($0.synopsis, $0.help) }
                sections.append(HelpTable.render(title: "options of every command:", rows: globalRows))
            }
        }
        sections.append("Run '\(name) <command> --help' for a command's options and arguments.")
        return sections.joined(separator: "\n\n")
    }
}

/// Two aligned columns under a title, as help screens list options and commands.
enum HelpTable {
    static func render(title: String, rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { name, help in
            "  " + name + String(repeating: " ", count: width - name.count + 3) + help
        }
        return ([title] + lines).joined(separator: "\n")
    }
}

/// The parsed command line of one command. Lookups must name a declared option or argument:
/// a typo in the wiring traps in tests instead of silently reading nil.
struct ParsedArguments: Sendable, Hashable {
    package let command: CommandSpec
    private var optionValues: [String: [String]] = [:]
    private var flags: Set<String> = []
    private var argumentValues: [String: String] = [:]

    init(command: CommandSpec) {
        self.command = command
    }

    /// The value of a value option, or nil when not given.
    package func value(_ option: String) -> String? {
        values(option).first
    }

    /// Every value of a repeatable option, in command-line order.
    package func values(_ option: String) -> [String] {
        precondition(
            command.option(named: option).map { $0.kind != .flag } == true,
            "'\(option)' is not a value option of \(command.names)")
        return optionValues[option] ?? []
    }

    package func flag(_ option: String) -> Bool {
        precondition(command.option(named: option)?.kind == .flag, "'\(option)' is not a flag of \(command.names)")
        return flags.contains(option)
    }

    /// The positional argument declared as `name`, or nil when an optional one was not given.
    package func argument(_ name: String) -> String? {
        precondition(command.arguments.contains { $0.name == name }, "'\(name)' is not an argument of \(command.names)")
        return argumentValues[name]
    }

    /// True when nothing at all was given.
    var isEmpty: Bool {
        optionValues.isEmpty && flags.isEmpty && argumentValues.isEmpty
    }

    /// Whether `option` was given, flag or value.
    func contains(_ option: String) -> Bool {
        flags.contains(option) || optionValues[option] != nil
    }

    mutating func add(_ value: String, for option: String) {
        optionValues[option, default: []].append(value)
    }

    mutating func set(_ flag: String) {
        flags.insert(flag)
    }

    mutating func set(_ value: String, forArgument name: String) {
        argumentValues[name] = value
    }
}

/// A command line that cannot be run as written: exit 64, the problem, then the command's usage.
struct UsageError: DeepCutError, Equatable {
    /// `deepcut sweep: unknown option '--fast'`.
    package var problem: String
    /// `usage: deepcut sweep [--config PATH] [--if-stale]`, one line per form.
    package var usage: String

    package init(problem: String, usage: String) {
        self.problem = problem
        self.usage = usage
    }

    package var exitCode: ExitCode { .usage }
    package var message: String { problem + "\n" + usage }
}
