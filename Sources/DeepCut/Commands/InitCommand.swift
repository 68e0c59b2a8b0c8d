import DeepCutConfig
import DeepCutCore
import DeepCutLibrary
import Foundation

/// `deepcut init [--library PATH] [--system] [--force]`: a working config for a person's library.
///
/// It finds the library export (or takes `--library`), tells its format from its bytes, reads it
/// once to be sure it holds albums, writes the config (per user, or for the system service with the
/// export copied where the service can read it), runs `check-config` on it and prints the next
/// commands. It never asks anything: when it cannot decide (no library, several) it says what to
/// pass and exits 64.
enum InitCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["init"], abstract: "Write a working config for your music library, check it, print the next commands.",
        options: [
            .value(
                "config", placeholder: "PATH",
                help: "where to write the config (default: $DEEPCUT_CONFIG, else ~/.config/deepcut/config.json, "
                    + "or /etc/deepcut/config.json with --system)"),
            .value(
                "library", placeholder: "PATH",
                help: "the library export: a Music/iTunes Library.xml, a beets library.db or a CSV (default: found in the usual places)"),
            .flag("system", help: "set up the system service: /etc/deepcut/config.json, the export copied into /var/lib/deepcut"),
            .flag("force", help: "replace an existing config (the old one is kept as config.json.old)")
        ])

    /// Moves the system layout (`/etc/deepcut`, `/var/lib/deepcut`) under another folder: for tests
    /// and staging, as `DESTDIR` does for scripts/install. The config then names the moved paths.
    static let systemRootVariable = "DEEPCUT_INIT_ROOT"
    /// The user the system service runs as (jobs/deepcut.sysusers), who must be able to read the copy.
    static let serviceUser = "deepcut"

    /// `deepcut init --system --library '/x y/Library.xml' --force`: what was asked, forced.
    static func sameCommandForced(_ arguments: ParsedArguments) -> String {
        func quoted(_ path: String) -> String {
            path.allSatisfy { $0.isLetter || $0.isNumber || "/._-~+=:@".contains($0) }
                ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var words = ["deepcut", "init"]
        if arguments.flag("system") { words.append("--system") }
        for option in ["config", "library"] {
            if let value = arguments.value(option) { words += ["--\(option)", quoted(value)] }
        }
        return (words + ["--force"]).joined(separator: " ")
    }

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let system = context.arguments.flag("system")
        let environment = context.environment
        // The system layout's root: `/`, or DEEPCUT_INIT_ROOT's folder.
        let root = URL(fileURLWithPath: system ? environment[systemRootVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "/" : "/")
        var layout = system ? SetupLayout.system(root: root) : try SetupLayout.perUser(environment: environment)
        if let named = ConfigLocation.named(explicit: context.arguments.value("config"), environment: environment) {
            layout.configFile = named
        }
        let configFile = layout.configFile
        // The example the package or scripts/install leave there until someone runs init holds no one's edits.
        let example = try await BlockingQueue.files.run { untouchedExample(at: configFile, root: root) }
        let force = context.arguments.flag("force") || example != nil
        if !force, FileManager.default.fileExists(atPath: configFile.path) {
            // The suggestion repeats the words given (--system, --config, --library): without them it
            // would replace another config than the one found here.
            let again = sameCommandForced(context.arguments)
            throw CommandFailure(
                exitCode: .cannotCreate,
                message:
                    "deepcut init: \(layout.configFile.path) already exists; kept it as it is (check it with 'deepcut check-config', or replace it with '\(again)')"
            )
        }

        let export: URL
        if let given = context.arguments.value("library") {
            export = URL(fileURLWithPath: given).standardizedFileURL
        } else {
            export = try await BlockingQueue.files.run { try found(context, system: system) }
        }
        let format = try await BlockingQueue.files.run { try LibraryFormat.detect(at: export) }
        let library = try await LoadLibrary(registry: .files).run([LibrarySource(format: format, path: export)])
        guard !library.albums.isEmpty else {
            throw LibraryError(message: "\(export.path): no albums in this \(format.rawValue) library; nothing to sweep for")
        }
        context.console.out(
            "library: \(export.path) (\(format.rawValue): \(count(library.albums.count, "album")) by \(count(library.artists.count, "artist")))"
        )

        var source = LibrarySource(format: format, path: export)
        if layout.copiesLibrary {
            let folder = layout.dataFolder
            let (copy, owner) = try await BlockingQueue.files.run {
                try LibraryExportCopy.copy(export, format: format, into: folder, owner: serviceUser)
            }
            source.path = copy
            context.console.out("copied to \(copy.path)\(owner.map { " (owned by \($0))" } ?? ""): the service cannot read /home")
        }
        let config = InitialConfig(library: source, stateDatabase: layout.stateDatabase, outputDirectory: layout.outputDirectory)
        let previous = try await BlockingQueue.files.run { try write(config, to: configFile, replacing: force) }
        if let example { context.console.out("replaced the untouched example config (\(example.path)) at \(configFile.path)") }
        if let previous { context.console.out("kept the previous config as \(previous.path)") }
        context.console.out("wrote \(configFile.path)")

        var check = ParsedArguments(command: CheckConfigCommand.spec)
        check.add(configFile.path, for: "config")
        var checkContext = context
        checkContext.arguments = check
        let checked = try await CheckConfigCommand.run(checkContext)
        guard checked == .success else { return checked }

        let steps = InitNextSteps(
            layout: layout, system: system, artists: library.artists.count,
            foundByDefault: !system && ConfigLocation.resolve(explicit: nil, environment: environment) == configFile)
        context.console.out(steps.text)
        return .success
    }

    /// The one export in the usual places.
    /// - Throws: `CommandFailure` (exit 64, one line) when there is none, or several: the person names one with `--library`.
    private static func found(_ context: CommandContext, system: Bool) throws -> URL {
        guard let home = home(context.environment, system: system) else {
            throw CommandFailure(
                exitCode: .usage, message: "deepcut init: HOME is not set, so no library can be looked for; give --library PATH")
        }
        let search = LibrarySearch(home: home, environment: context.environment)
        let found = search.found()
        guard found.count == 1, let only = found.first else {
            let message =
                found.isEmpty
                ? "deepcut init: no library export found (looked for \(search.places.map { shortened($0, home: home) }.joined(separator: ", "))); "
                    + "export one (Music: File > Library > Export Library…) and give it with --library PATH"
                : "deepcut init: found \(found.count) libraries, so none was picked: \(found.map(\.path).joined(separator: ", ")); "
                    + "choose one with --library PATH"
            throw CommandFailure(exitCode: .usage, message: message)
        }
        context.console.out("found \(only.path)")
        return only
    }

    /// `~/Music/Library.xml` for a place under `home`.
    private static func shortened(_ place: URL, home: URL) -> String {
        place.path.hasPrefix(home.path + "/") ? "~" + place.path.dropFirst(home.path.count) : place.path
    }

    /// The example config a file is a byte-for-byte copy of, if any: the package's postinst and
    /// scripts/install place the example at /etc/deepcut/config.json until a real one is written.
    private static func untouchedExample(at file: URL, root: URL) -> URL? {
        guard let contents = FileManager.default.contents(atPath: file.path) else { return nil }
        let examples = [MissingConfigError.packagedExample, "/etc/deepcut/config.example.json"].map {
            root.appendingPathComponent(String($0.dropFirst()))
        }
        return examples.first { FileManager.default.contents(atPath: $0.path) == contents }
    }

    /// Whose export to look for: under `sudo deepcut init --system`, the person who ran sudo, not root.
    private static func home(_ environment: [String: String], system: Bool) -> URL? {
        if system, let user = environment["SUDO_USER"], !user.isEmpty, user != "root",
            let home = FileManager.default.homeDirectory(forUser: user)
        {
            return home
        }
        return environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
    }

    /// Writes the config; with `replacing`, an existing one is first copied to `config.json.old`.
    /// - Returns: where the previous config was kept, if there was one.
    private static func write(_ config: InitialConfig, to file: URL, replacing: Bool) throws -> URL? {
        var previous: URL?
        if replacing, FileManager.default.fileExists(atPath: file.path) {
            let old = file.appendingPathExtension("old")
            do {
                try? FileManager.default.removeItem(at: old)
                try FileManager.default.copyItem(at: file, to: old)
            } catch {
                throw NewConfigFileError.unwritable(old, reason: error.fileSystemReason)
            }
            previous = old
        }
        try NewConfigFile.write(config.text, to: file, replacing: replacing)
        return previous
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
