/// What a (sub)command accepts: enough to parse its arguments and to print its usage and help.
package struct CommandSpec: Sendable, Hashable {
    /// The words after the program name: `["sweep"]`, `["dismissals", "import"]`; empty for the program itself.
    package var names: [String]
    package var abstract: String
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
