import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCore

/// `deepcut manual` and `deepcut completions SHELL` against the command spec they are built from:
/// every command and option appears, nothing else does, groff reads the page without a warning,
/// bash and fish really complete (each command's options, nested commands, choices, paths) and zsh
/// parses and loads its script.
@Suite struct ManualAndCompletionsTests {
    static let program = DeepCutCLI.program

    /// `--config`, … of each command by its display name (`deepcut dismissals import`), `--help` included.
    static var expectedOptions: [String: Set<String>] {
        Dictionary(
            uniqueKeysWithValues: program.commands.map { command in
                (command.displayName(program: "deepcut"), Set(command.options.map { "--" + $0.name } + ["--help"]))
            })
    }

    static var everyOptionName: Set<String> {
        Set(program.commands.flatMap(\.options).map { "--" + $0.name } + program.options.map { "--" + $0.name } + ["--help"])
    }

    /// What a command prints on stdout, run in-process.
    static func output(_ words: String...) async throws -> String {
        let console = CapturedConsole()
        let code = await DeepCutCLI.run(words, environment: [:], console: console.console, httpClient: nil)
        try #require(code == .success, "\(words): \(console.err)")
        return console.out + "\n"
    }

    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    // MARK: The manual page

    @Test func theManualHasASubsectionPerCommandWithExactlyItsOptions() async throws {
        let page = try await Self.output("manual")
        var options: [String: Set<String>] = [:]
        var section: String?
        var afterTP = false
        var top: Set<String> = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix(".SS ") {
                section = String(line.dropFirst(4)).replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "\\-", with: "-")
                options[section!] = []
            } else if line.hasPrefix(".SH ") {
                section = line == #".SH "OPTIONS""# ? "OPTIONS" : nil
            } else if afterTP, let section {
                let names = try Self.matches(#"\\fB\\-\\-([a-z0-9\\-]+)\\fR"#, in: line).map {
                    "--" + $0.replacingOccurrences(of: "\\-", with: "-")
                }
                if section == "OPTIONS" { top.formUnion(names) } else { options[section, default: []].formUnion(names) }
            }
            afterTP = line == ".TP"
        }
        #expect(options == Self.expectedOptions)
        #expect(top == Set((Self.program.options + Self.program.globalOptions).map { "--" + $0.name } + ["--help"]))
        // Prose may name options, but only real ones.
        let mentioned = try Self.matches(#"\\-\\-([a-z][a-z0-9]*(?:\\-[a-z0-9]+)*)"#, in: page)
            .map { "--" + $0.replacingOccurrences(of: "\\-", with: "-") }
        #expect(Set(mentioned).subtracting(Self.everyOptionName).isEmpty, "\(Set(mentioned).subtracting(Self.everyOptionName))")
        for code in ManualPage.exitCodes {
            #expect(page.contains(".TP\n\\fB\(code.rawValue)\\fR\n"), "exit status \(code.rawValue)")
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO"] {
            #expect(page.contains(".SH \"\(section)\"\n"), "\(section)")
        }
        #expect(page.hasPrefix(#".TH "DEEPCUT" "1" "" "deepcut \#(DeepCutCLI.version.replacingOccurrences(of: "-", with: "\\-"))""#))
    }

    @Test func groffAndManReadTheManualWithoutAWarning() async throws {
        let scratch = ScratchFolder()
        let page = try scratch.write("deepcut.1", try await Self.output("manual"))
        let groff = try await ChildProcess("/usr/bin/groff", ["-man", "-ww", "-z", page.path], stderr: .capture).finish()
        #expect(groff.status == 0 && groff.stderrText.isEmpty, "\(groff.stderrText)")
        let man = try await ChildProcess(
            "/usr/bin/man", ["--warnings", "-l", page.path], environment: ChildProcess.environment(adding: ["MANWIDTH": "80"]),
            stdout: .capture, stderr: .capture
        ).finish()
        #expect(man.status == 0 && man.stderrText.isEmpty, "\(man.stderrText)")
        #expect(man.stdoutText.contains("deepcut dismissals import"))
    }

    // MARK: bash

    /// Runs `_deepcut` on each word list in one bash (the script sourced from the real binary, as a
    /// user's shell would) and returns each `COMPREPLY`, sorted.
    static func bashReplies(_ cases: [[String]], in folder: URL) async throws -> [[String]] {
        let calls = cases.map { words in "reply " + words.map { "'\($0)'" }.joined(separator: " ") }
        let script = """
            source <("$DEEPCUT" completions bash) || exit 9
            reply() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _deepcut; echo "${COMPREPLY[*]}"; }
            \(calls.joined(separator: "\n"))
            """
        let bash = try ChildProcess(
            "/bin/bash", ["-c", script], environment: ChildProcess.environment(adding: ["DEEPCUT": SpawnedProcess.deepcut.path]),
            directory: folder, stdout: .capture, stderr: .capture)
        let result = try await bash.finish()
        try #require(result.status == 0 && result.stderrText.isEmpty, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == cases.count, "\(result.stdoutText)")
        return lines.map { $0.split(separator: " ").map(String.init).sorted() }
    }

    @Test func bashCompletesCommandsNestedCommandsEachCommandsOptionsChoicesAndPaths() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let scratch = ScratchFolder()
        _ = try scratch.write("my-config.json", "{}")
        let commands = Self.program.commands
        let fixed: [([String], [String])] = [
            (["deepcut", "dis"], ["dismiss", "dismissals", "dismissed"]),
            (["deepcut", "dismissals", ""], ["export", "import"]),
            (["deepcut", "sweep", "--log-format", ""], ["human", "logfmt"]),
            (["deepcut", "completions", ""], ["bash", "fish", "zsh"]),
            (["deepcut", "sweep", "--config", "my-c"], ["my-config.json"]),
            (["deepcut", "dismissals", "import", "my-c"], ["my-config.json"]),
            (["deepcut", "dismiss", "--title", ""], [])
        ]
        let topLevel = Array(Set(commands.map { $0.names[0] })) + Self.program.options.map { "--" + $0.name } + ["--help"]
        let perCommand = commands.map {
            (["deepcut"] + $0.names + ["--"], Self.expectedOptions[$0.displayName(program: "deepcut")]!.sorted())
        }
        let cases = [(["deepcut", ""], topLevel.sorted())] + fixed + perCommand
        let replies = try await Self.bashReplies(cases.map(\.0), in: scratch.url)
        for ((words, expected), reply) in zip(cases, replies) {
            #expect(reply == expected.sorted(), "\(words)")
        }
    }

    // MARK: fish

    @Test func fishParsesItsScriptAndCompletesEachCommandsOptions() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let scratch = ScratchFolder()
        let file = try scratch.write("deepcut.fish", try await Self.output("completions", "fish"))
        let parse = try await ChildProcess("/usr/bin/fish", ["--no-execute", file.path], stderr: .capture).finish()
        #expect(parse.status == 0 && parse.stderrText.isEmpty, "\(parse.stderrText)")

        let commands = Self.program.commands
        let lines =
            [["deepcut", "dis"], ["deepcut", "dismissals", ""], ["deepcut", "completions", ""], ["deepcut", "sweep", "--log-format", ""]]
            + commands.map { ["deepcut"] + $0.names + ["--"] }
        let calls = lines.map { "complete -C '\($0.joined(separator: " "))'; echo @@" }
        let fish = try await ChildProcess(
            "/usr/bin/fish", ["--no-config", "-c", "source \(file.path); " + calls.joined(separator: "; ")],
            environment: ChildProcess.environment(adding: ["PATH": SpawnedProcess.binFolder.path + ":/usr/bin:/bin"]),
            stdout: .capture, stderr: .capture
        ).finish()
        #expect(fish.status == 0 && fish.stderrText.isEmpty, "\(fish.stderrText)")
        let replies = fish.stdoutText.components(separatedBy: "@@\n").dropLast().map { block in
            Set(block.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
        }
        try #require(replies.count == lines.count, "\(fish.stdoutText)")
        #expect(replies[0] == ["dismiss", "dismissals", "dismissed"])
        #expect(replies[1] == ["import", "export"])
        #expect(replies[2] == ["bash", "zsh", "fish"])
        #expect(replies[3] == ["logfmt", "human"])
        for (command, reply) in zip(commands, replies.dropFirst(4)) {
            #expect(reply == Self.expectedOptions[command.displayName(program: "deepcut")], "\(command.names)")
        }
    }

    // MARK: zsh

    @Test func zshParsesAndLoadsItsScriptWhichListsExactlyEachCommandsOptions() async throws {
        let scratch = ScratchFolder()
        let script = try await Self.output("completions", "zsh")
        let file = try scratch.write("_deepcut", script)
        let parse = try await ChildProcess("/usr/bin/zsh", ["-n", file.path], stderr: .capture).finish()
        #expect(parse.status == 0 && parse.stderrText.isEmpty, "\(parse.stderrText)")
        let load = try await ChildProcess(
            "/usr/bin/zsh", ["-f", "-c", "autoload -Uz compinit && compinit -u -D && source \(file.path) && print -r -- $_comps[deepcut]"],
            stdout: .capture, stderr: .capture
        ).finish()
        #expect(load.stdoutText == "_deepcut\n" && load.stderrText.isEmpty, "\(load.stdoutText) \(load.stderrText)")

        // Each command's `_arguments` block: its option specs, one a line.
        var options: [String: Set<String>] = [:]
        var current: String?
        for line in script.split(separator: "\n").map(String.init) {
            if let name = try Self.matches(#"^    '([a-z -]+)'\)$"#, in: line).first {
                current = "deepcut " + name
                options[current!] = []
            } else if let current, let option = try Self.matches(#"^ {12}'\*?(--[a-z0-9-]+)"#, in: line).first {
                options[current]?.insert(option)
            } else if let current, line.contains("{-h,--help}") {
                options[current]?.insert("--help")
            }
        }
        #expect(options == Self.expectedOptions)
    }

    // MARK: The commands themselves

    @Test func anUnknownShellIsAUsageErrorNamingIt() async {
        let console = CapturedConsole()
        let code = await DeepCutCLI.run(["completions", "tcsh"], environment: [:], console: console.console, httpClient: nil)
        #expect(code == .usage)
        #expect(console.err.hasPrefix("deepcut completions: SHELL is bash, zsh, fish, not 'tcsh'"), "\(console.err)")
    }

    @Test func theHelpListsManualAndCompletionsAndTheGlobalLogFormat() async throws {
        let help = try await Self.output("--help")
        #expect(help.contains("  manual "))
        #expect(help.contains("  completions "))
        #expect(help.contains("--log-format FORMAT"))
        let sweepHelp = try await Self.output("sweep", "--help")
        #expect(sweepHelp.contains("--log-format FORMAT"))
    }
}
