import DeepCutCore

/// `deepcut manual`: prints deepcut.1, the manual page, generated from the command spec (packaging
/// installs its output as /usr/share/man/man1/deepcut.1.gz).
enum ManualCommand: DeepCutCommand {
    static let spec = CommandSpec(["manual"], abstract: "Print the manual page (roff) on stdout.")

    static func run(_ context: CommandContext) async throws -> ExitCode {
        context.console.out(ManualPage.render(DeepCutCLI.program, version: DeepCutCLI.version).trimmingTrailingNewline())
        return .success
    }
}

/// `deepcut completions SHELL`: prints the completion script for bash, zsh or fish, generated from
/// the command spec.
enum CompletionsCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["completions"], abstract: "Print the shell completion script for bash, zsh or fish on stdout.",
        arguments: [CommandArgument("SHELL", help: "the shell", choices: ShellCompletions.Shell.allCases.map(\.rawValue))])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        // The parser accepted only the spec's choices.
        let shell = ShellCompletions.Shell(rawValue: context.arguments.argument("SHELL") ?? "") ?? .bash
        context.console.out(ShellCompletions.script(for: shell, program: DeepCutCLI.program).trimmingTrailingNewline())
        return .success
    }
}

extension String {
    /// The console adds the line's newline.
    fileprivate func trimmingTrailingNewline() -> String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
