import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutCore

@Suite struct ArgumentParsingTests {
    private static let config = CommandOption.value("config", placeholder: "PATH", help: "Config file.")
    private static let sweep = CommandSpec(
        ["sweep"], abstract: "Run the pipeline once.",
        options: [
            config, .flag("if-stale", help: "Skip while the baseline is fresh.")
        ])
    private static let dismiss = CommandSpec(
        ["dismiss"], abstract: "Dismiss a release.",
        options: [
            config, .value("title", placeholder: "T", help: "Album title."), .value("artist", placeholder: "A", help: "Album artist.")
        ], arguments: [CommandArgument("ID", help: "Release id.", isRequired: false)])
    private static let libraryAdd = CommandSpec(
        ["library", "add"], abstract: "Record an owned album.",
        options: [
            config, .value("title", placeholder: "T", help: "Album title.", required: true),
            .value("artist", placeholder: "A", help: "Album artist.", required: true)
        ])
    private static let importDismissals = CommandSpec(
        ["dismissals", "import"], abstract: "Import dismissals.", options: [config],
        arguments: [CommandArgument("FILE", help: "Dismissals JSON.")])
    private static let exportDismissals = CommandSpec(["dismissals", "export"], abstract: "Export dismissals.", options: [config])
    private static let tagged = CommandSpec(
        ["tag"], abstract: "Tag.", options: [.value("tag", placeholder: "TAG", help: "A tag.", repeatable: true)])
    private static let program = ProgramSpec(
        name: "deepcut", abstract: "New releases from the artists you own.",
        options: [.flag("version", help: "Print the version.")],
        commands: [sweep, dismiss, libraryAdd, importDismissals, exportDismissals, tagged]
    )

    private func run(_ words: String...) throws -> ParsedArguments {
        guard case .run(let parsed) = try Self.program.parse(words) else {
            Issue.record("asked for help")
            return ParsedArguments(command: Self.program.ownCommand)
        }
        return parsed
    }

    private func failure(_ words: String...) -> UsageError? {
        failure(words)
    }

    private func failure(_ words: [String]) -> UsageError? {
        do {
            _ = try Self.program.parse(words)
            return nil
        } catch let error as UsageError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    private func help(_ words: String...) throws -> String? {
        guard case .help(let text) = try Self.program.parse(words) else { return nil }
        return text
    }

    // MARK: - Options

    @Test func valueOptionsInBothSpellingsAndFlags() throws {
        let spaced = try run("sweep", "--config", "/etc/x.json", "--if-stale")
        #expect(spaced.command == Self.sweep)
        #expect(spaced.value("config") == "/etc/x.json")
        #expect(spaced.flag("if-stale"))

        let joined = try run("sweep", "--config=/etc/a=b.json")
        #expect(joined.value("config") == "/etc/a=b.json")
        #expect(!joined.flag("if-stale"))
    }

    @Test func absentOptionIsNil() throws {
        #expect(try run("sweep").value("config") == nil)
    }

    @Test func emptyInlineValueIsAValue() throws {
        #expect(try run("sweep", "--config=").value("config") == "")
    }

    @Test func dashAloneIsAValue() throws {
        #expect(try run("dismissals", "import", "-").argument("FILE") == "-")
        #expect(try run("sweep", "--config", "-").value("config") == "-")
    }

    @Test func repeatableOptionKeepsEveryValueInOrder() throws {
        #expect(try run("tag", "--tag", "a", "--tag=b", "--tag", "c").values("tag") == ["a", "b", "c"])
    }

    @Test func unknownOptionNamesItAndShowsUsage() {
        let error = failure("sweep", "--fast")
        #expect(
            error
                == UsageError(problem: "deepcut sweep: unknown option '--fast'", usage: "usage: deepcut sweep [--config PATH] [--if-stale]")
        )
        #expect(error?.message == "deepcut sweep: unknown option '--fast'\nusage: deepcut sweep [--config PATH] [--if-stale]")
        #expect(error?.exitCode == .usage)
        #expect(error?.exitCode.rawValue == 64)
    }

    @Test(arguments: [
        (["sweep", "--fast=1"], "deepcut sweep: unknown option '--fast'"),
        (["sweep", "-x"], "deepcut sweep: unknown option '-x'"),
        (["sweep", "--config"], "deepcut sweep: option '--config' needs a value (PATH)"),
        (["sweep", "--config", "--if-stale"], "deepcut sweep: option '--config' needs a value (PATH)"),
        (["sweep", "--config", "a", "--config", "b"], "deepcut sweep: option '--config' given more than once"),
        (["sweep", "--if-stale", "--if-stale"], "deepcut sweep: option '--if-stale' given more than once"),
        (["sweep", "--if-stale=yes"], "deepcut sweep: option '--if-stale' takes no value"),
        (["sweep", "now"], "deepcut sweep: unexpected argument 'now'"),
        (["dismiss", "1", "2"], "deepcut dismiss: unexpected argument '2'"),
        (["library", "add", "--title", "Fragments"], "deepcut library add: missing option '--artist A'"),
        (["dismissals", "import"], "deepcut dismissals import: missing argument FILE")
    ])
    func usageProblems(words: [String], problem: String) {
        #expect(failure(words)?.problem == problem)
    }

    // MARK: - Positionals

    @Test func positionalsMixWithOptions() throws {
        let parsed = try run("dismiss", "--config", "c.json", "1440857781")
        #expect(parsed.argument("ID") == "1440857781")
        #expect(parsed.value("config") == "c.json")
        #expect(try run("dismiss", "1440857781", "--config", "c.json").argument("ID") == "1440857781")
    }

    @Test func optionalPositionalMayBeAbsent() throws {
        let parsed = try run("dismiss", "--title", "Fragments", "--artist", "Bonobo")
        #expect(parsed.argument("ID") == nil)
        #expect(parsed.value("title") == "Fragments")
        #expect(parsed.value("artist") == "Bonobo")
    }

    @Test func terminatorMakesEverythingAfterItPositional() throws {
        #expect(try run("dismiss", "--", "--weird-id").argument("ID") == "--weird-id")
        #expect(try run("dismissals", "import", "--", "-h").argument("FILE") == "-h")
    }

    @Test func inlineValueMayStartWithADash() throws {
        #expect(try run("dismiss", "--title=-ish", "--artist", "X").value("title") == "-ish")
    }

    // MARK: - Commands

    @Test func nestedCommandNames() throws {
        #expect(try run("dismissals", "import", "d.json").command == Self.importDismissals)
        #expect(try run("dismissals", "export", "--config", "c").command == Self.exportDismissals)
        #expect(try run("library", "add", "--title", "T", "--artist", "A").command == Self.libraryAdd)
    }

    @Test func unknownAndMissingCommands() {
        #expect(failure("fetch")?.problem == "deepcut: unknown command 'fetch'")
        #expect(failure()?.problem == "deepcut: missing command")
        #expect(failure("dismissals")?.problem == "deepcut dismissals: missing subcommand")
        #expect(failure("dismissals", "--config", "x")?.problem == "deepcut dismissals: missing subcommand")
        #expect(failure("dismissals", "purge")?.problem == "deepcut dismissals: unknown command 'purge'")
        #expect(failure("--")?.problem == "deepcut: missing command")
    }

    @Test func anUnknownCommandIsNamedEvenWithHelp() async {
        #expect(failure("nosuch", "--help")?.problem == "deepcut: unknown command 'nosuch'")
        #expect(failure("dismissals", "purge", "-h")?.problem == "deepcut dismissals: unknown command 'purge'")
        let console = CapturedConsole()
        let code = await DeepCutCLI.run(["nosuch", "--help"], environment: [:], console: console.console, httpClient: nil)
        #expect(code == .usage)
        #expect(console.out.isEmpty)
        #expect(console.err.hasPrefix("deepcut: unknown command 'nosuch'"))
    }

    /// `--log-format` is declared once and every command takes it; a value outside its choices is
    /// a usage error naming the value.
    @Test func globalOptionsJoinEveryCommandAndChoicesAreEnforced() throws {
        let format = CommandOption.value("log-format", placeholder: "FORMAT", help: "Format.", choices: ["logfmt", "human"])
        let program = ProgramSpec(
            name: "deepcut", abstract: "A.", options: [.flag("version", help: "V.")], globalOptions: [format],
            commands: [Self.sweep, Self.importDismissals])
        guard case .run(let parsed) = try program.parse(["dismissals", "import", "d.json", "--log-format=human"]) else {
            Issue.record("asked for help")
            return
        }
        #expect(parsed.value("log-format") == "human")
        #expect(program.commands.allSatisfy { $0.option(named: "log-format") == format })
        #expect(throws: UsageError.self) { try program.parse(["sweep", "--log-format", "xml"]) }
        do {
            _ = try program.parse(["sweep", "--log-format", "xml"])
        } catch let error as UsageError {
            #expect(error.problem == "deepcut sweep: option '--log-format' takes logfmt or human, not 'xml'")
        }
        guard case .help(let help) = try program.parse(["--help"]) else { return }
        #expect(help.contains("options of every command:\n  --log-format FORMAT   Format."))
    }

    @Test func groupUsageListsOnlyItsCommands() {
        #expect(
            failure("dismissals")?.usage == """
                usage: deepcut dismissals import [--config PATH] FILE
                       deepcut dismissals export [--config PATH]
                """)
    }

    @Test func programUsageListsItsOwnOptionsThenEveryCommand() {
        let usage = failure("fetch")?.usage ?? ""
        #expect(usage.hasPrefix("usage: deepcut [--version]\n       deepcut sweep [--config PATH] [--if-stale]\n"))
        #expect(usage.contains("       deepcut library add [--config PATH] --title T --artist A\n"))
        #expect(usage.contains("       deepcut dismiss [--config PATH] [--title T] [--artist A] [ID]\n"))
        #expect(usage.contains("deepcut tag [--tag TAG ...]"))
    }

    @Test func programOptionsWithoutCommand() throws {
        let parsed = try run("--version")
        #expect(parsed.command.names == [])
        #expect(parsed.flag("version"))
        #expect(failure("--verbose") == UsageError(problem: "deepcut: unknown option '--verbose'", usage: Self.program.usage(group: [])))
    }

    // MARK: - Help

    @Test func helpAnywhereBeforeTerminatorWins() throws {
        let text = try help("sweep", "--fast", "-h")
        #expect(
            text == """
                Run the pipeline once.

                usage: deepcut sweep [--config PATH] [--if-stale]

                options:
                  --config PATH   Config file.
                  --if-stale      Skip while the baseline is fresh.
                  -h, --help      Show this help.
                """)
        #expect(try help("dismissals", "import", "--help")?.contains("arguments:\n  FILE   Dismissals JSON.") == true)
    }

    @Test func programAndGroupHelp() throws {
        let program = try help("--help") ?? ""
        #expect(program.contains("usage: deepcut <command> [options]"))
        #expect(program.contains("  dismissals import   Import dismissals."))
        #expect(program.contains("  --version    Print the version."))

        let group = try help("dismissals", "-h") ?? ""
        #expect(group.contains("usage: deepcut dismissals <command> [options]"))
        #expect(group.contains("  dismissals export   Export dismissals."))
        #expect(!group.contains("sweep"))
    }

    // MARK: - Wiring mistakes

    @Test func readingAnUndeclaredNameTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = ParsedArguments(command: CommandSpec(["x"], abstract: "", options: [.flag("json", help: "")])).value("json")
        }
        await #expect(processExitsWith: .failure) {
            _ = ParsedArguments(command: CommandSpec(["x"], abstract: "")).flag("json")
        }
        await #expect(processExitsWith: .failure) {
            _ = ParsedArguments(command: CommandSpec(["x"], abstract: "")).argument("ID")
        }
    }
}
