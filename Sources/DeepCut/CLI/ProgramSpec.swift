/// The whole command line: the program's own options (such as `--version`) and its commands,
/// whose names may nest (`dismissals import`, `dismissals export`).
package struct ProgramSpec: Sendable {
    package var name: String
    package var abstract: String
    /// Options given without a command, like `deepcut --version`.
    package var options: [CommandOption]
    package var commands: [CommandSpec]

    package init(name: String, abstract: String, options: [CommandOption] = [], commands: [CommandSpec]) {
        self.name = name
        self.abstract = abstract
        self.options = options
        self.commands = commands
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
        let beforeTerminator = rest.prefix { $0 != "--" }
        if beforeTerminator.contains("--help") || beforeTerminator.contains("-h") {
            return .help(help(group: group))
        }
        let scope = ([name] + group).joined(separator: " ")
        if let word = rest.first, !word.hasPrefix("-") {
            throw UsageError(problem: "\(scope): unknown command '\(word)'", usage: usage(group: group))
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
