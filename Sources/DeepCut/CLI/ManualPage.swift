import DeepCutCore

/// `deepcut.1`: the manual page, in roff with man(7) macros, built from the program's own spec so its
/// commands, options and arguments cannot drift from what the parser accepts.
///
/// Only what the spec cannot say lives here: the description, the exit statuses (tied to `ExitCode`
/// by an exhaustive switch), the files and the environment.
enum ManualPage {
    static func render(_ program: ProgramSpec, version: String) -> String {
        var page = Roff()
        let title = program.name.uppercased()
        page.macro("TH", title, "1", "", "\(program.name) \(version)", "User Commands")
        // Option names must not be hyphenated across lines: they are copied.
        page.macro("nh")
        page.section("NAME")
        page.text("\(program.name) - \(program.abstract)")

        page.section("SYNOPSIS")
        page.line("\\fB\(Roff.escape(program.name))\\fR \\fIcommand\\fR [\\fIoptions\\fR]")
        for option in program.options {
            page.macro("br")
            page.line("\\fB\(Roff.escape(program.name))\\fR " + Roff.option(option))
        }

        page.section("DESCRIPTION")
        for paragraph in description(program.name) {
            page.macro("PP")
            page.text(paragraph)
        }

        page.section("OPTIONS")
        page.text("Without a command:")
        for option in program.options { page.option(option) }
        page.helpOption()
        if !program.globalOptions.isEmpty {
            page.macro("PP")
            page.text("Every command also takes:")
            for option in program.globalOptions { page.option(option) }
        }

        page.section("COMMANDS")
        for command in program.commands {
            page.subsection(command.displayName(program: program.name))
            page.text(command.abstract)
            page.macro("PP")
            page.line(synopsis(command, program: program.name))
            for argument in command.arguments {
                page.macro("TP")
                page.line("\\fI\(Roff.escape(argument.name))\\fR")
                page.text(argument.help)
                page.choices(argument.choices)
            }
            for option in command.options { page.option(option) }
            page.helpOption()
        }

        page.section("EXIT STATUS")
        page.text("\(program.name) health follows the monitoring plugins' convention: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.")
        page.text("Every other command, sweep first:")
        for code in exitCodes {
            page.macro("TP")
            page.line("\\fB\(code.rawValue)\\fR")
            page.text(meaning(code))
        }
        page.macro("PP")
        page.text("Every non-zero exit prints one line on standard error naming the cause (file, line or key where it applies).")

        page.section("ENVIRONMENT")
        for (name, meaning) in environment {
            page.macro("TP")
            page.line("\\fB\(Roff.escape(name))\\fR")
            page.text(meaning)
        }

        page.section("FILES")
        for (path, meaning) in files {
            page.macro("TP")
            page.line("\\fI\(Roff.escape(path))\\fR")
            page.text(meaning)
        }

        page.section("SEE ALSO")
        page.line("\\fBjournalctl\\fR(1), \\fBsystemctl\\fR(1), \\fBsystemd.exec\\fR(5)")
        page.macro("PP")
        page.text("/usr/share/doc/deepcut/README.md: the whole manual, with every configuration key and its default.")
        return page.document
    }

    /// `\fBdeepcut dismiss\fR [\fB\-\-config\fR \fIPATH\fR] [\fIID\fR]`: as the usage line, with fonts.
    static func synopsis(_ command: CommandSpec, program: String) -> String {
        let options = command.options.map { option in
            let part = Roff.option(option) + (option.isRepeatable ? " ..." : "")
            return option.isRequired ? part : "[\(part)]"
        }
        let arguments = command.arguments.map { argument in
            let part = "\\fI\(Roff.escape(argument.name))\\fR"
            return argument.isRequired ? part : "[\(part)]"
        }
        return (["\\fB\(Roff.escape(command.displayName(program: program)))\\fR"] + options + arguments).joined(separator: " ")
    }

    private static func description(_ program: String) -> [String] {
        [
            "\(program) is the batch half of Deep Cut Atlas, a new-release discovery feed. A systemd timer runs "
                + "\(program) sweep: it loads your music library, asks a music catalog for every library artist's releases, "
                + "subtracts what you own and what you dismissed, and publishes a feed snapshot (JSON Feed, Atom, "
                + "a page and an iCalendar file) plus a health report.",
            "The other commands read and change what the sweep publishes: dismiss a release, list or restore dismissals, "
                + "mute an artist, show an artist's releases, check the health report or the configuration, try the "
                + "notification channels, probe the catalog.",
            "Every command reads its configuration from --config PATH, else $DEEPCUT_CONFIG, else /etc/deepcut/config.json.",
            "On a terminal, events are printed as plain sentences under a live progress bar; on the journal, and with "
                + "--log-format logfmt, as logfmt lines. Each event and each error is printed once."
        ]
    }

    /// The codes a command can exit with, in order.
    static let exitCodes: [ExitCode] = [
        .success, .partial, .usage, .dataError, .software, .cannotCreate, .ioError, .tempFail, .config
    ]

    /// SPEC.md's exit codes of `deepcut sweep`, which the other commands share.
    static func meaning(_ code: ExitCode) -> String {
        switch code {
        case .success: "Success; for sweep: complete (or skipped by --if-stale), the snapshot promoted to baseline."
        case .warning: "health: WARNING."
        case .critical: "health: CRITICAL."
        case .partial: "sweep partial: the snapshot is published as current.json, the baseline is untouched."
        case .usage: "Usage error: an unknown command or option, a missing or malformed argument."
        case .dataError:
            "Bad input data: a library or dismissal file unreadable or malformed, a library with no albums, or a library "
                + "shrunk past library.maxShrinkPercent without --accept-library-change."
        case .software: "Internal error."
        case .cannotCreate: "Cannot write outputs."
        case .ioError: "I/O error, disk full, or a corrupt state database (never repaired silently)."
        case .tempFail:
            "sweep failed (no artist answered, the catalog unreachable) or another sweep holds the lock: nothing "
                + "published, the baseline untouched."
        case .config: "Configuration error: the file, a key, a path or a credential."
        }
    }

    static let environment: [(String, String)] = [
        ("DEEPCUT_CONFIG", "The configuration file when --config is not given."),
        (
            "JOURNAL_STREAM",
            "Set by systemd. When it names standard error, events are logfmt lines with syslog priorities (<3> error, "
                + "<4> warning, <6> info, <7> debug), so journalctl -p warning shows what needs a look."
        ),
        ("INVOCATION_ID", "Set by systemd; recorded in the health report so journalctl _SYSTEMD_INVOCATION_ID= shows that run."),
        ("CREDENTIALS_DIRECTORY", "Set by systemd's LoadCredential=; a catalog token file may be read from it."),
        (
            "https_proxy, HTTPS_PROXY, http_proxy, ALL_PROXY, NO_PROXY",
            "Honoured by libcurl for catalog, notification and monitoring requests; http_proxy is read in lower case only."
        )
    ]

    static let files: [(String, String)] = [
        ("/etc/deepcut/config.json", "The system configuration (JSON); relative paths in it resolve against its folder."),
        ("/usr/share/doc/deepcut/examples/", "An example configuration."),
        ("stateDatabase", "The state database (SQLite), with deepcut.lock beside it: one sweep at a time."),
        (
            "outputDirectory",
            "latest.json (the baseline), current.json, snapshots/, feed.json, feed.atom, index.html, upcoming.ics, "
                + "health.json and health.txt, each replaced atomically."
        )
    ]
}

/// A roff document under construction: requests on lines of their own, text escaped.
struct Roff {
    private(set) var document = ""

    mutating func macro(_ name: String, _ arguments: String...) {
        let quoted = arguments.map { "\"" + Self.escape($0).replacingOccurrences(of: "\"", with: "\\(dq") + "\"" }
        document += (["." + name] + quoted).joined(separator: " ") + "\n"
    }

    mutating func section(_ name: String) { macro("SH", name) }
    mutating func subsection(_ name: String) { macro("SS", name) }

    /// A line of roff built here (fonts applied, text escaped); a leading `.` or `'` is made literal.
    mutating func line(_ roff: String) {
        document += (roff.hasPrefix(".") || roff.hasPrefix("'") ? "\\&" : "") + roff + "\n"
    }

    /// Plain text: escaped, and never taken for a request.
    mutating func text(_ plain: String) {
        line(Self.escape(plain))
    }

    /// `.TP` with `--name VALUE` in fonts, then its help.
    mutating func option(_ option: CommandOption) {
        macro("TP")
        line(Self.option(option))
        text(option.help)
        choices(option.choices)
    }

    /// `One of: logfmt, human.` on a line of its own under an option's or argument's help.
    mutating func choices(_ values: [String]) {
        guard !values.isEmpty else { return }
        macro("br")
        text("One of: " + values.joined(separator: ", ") + ".")
    }

    mutating func helpOption() {
        macro("TP")
        line("\\fB\\-h\\fR, \\fB\\-\\-help\\fR")
        text("Show this help.")
    }

    /// `\fB\-\-config\fR \fIPATH\fR`.
    static func option(_ option: CommandOption) -> String {
        switch option.kind {
        case .flag: "\\fB\\-\\-\(escape(option.name))\\fR"
        case .value(let placeholder): "\\fB\\-\\-\(escape(option.name))\\fR \\fI\(escape(placeholder))\\fR"
        }
    }

    /// Backslashes and hyphens escaped (an option's `-` must stay a minus to be copied), every
    /// non-ASCII character as `\[uXXXX]` so groff needs no input encoding.
    static func escape(_ plain: String) -> String {
        var escaped = ""
        for scalar in plain.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return escaped
    }
}
