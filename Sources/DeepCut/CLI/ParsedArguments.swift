/// The parsed command line of one command. Lookups must name a declared option or argument:
/// a typo in the wiring traps in tests instead of silently reading nil.
package struct ParsedArguments: Sendable, Hashable {
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
        precondition(command.option(named: option).map { $0.kind != .flag } == true,
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
