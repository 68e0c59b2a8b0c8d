/// What the command line asks for once parsed.
package enum CommandLineRequest: Sendable, Hashable {
    /// Run `arguments.command` (the program's own command, `names == []`, for options like `--version`).
    case run(ParsedArguments)
    /// Print this text on stdout and exit 0.
    case help(String)
}
