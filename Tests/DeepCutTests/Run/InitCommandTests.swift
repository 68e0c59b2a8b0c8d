import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutConfig

/// `deepcut init` in process, on a scratch home: what it finds, what it refuses and why, what it
/// writes, and that every command without a config points at it.
@Suite struct InitCommandTests {
    let scratch = ScratchFolder()
    var home: URL { scratch.url.appendingPathComponent("home") }
    var perUserConfig: URL { home.appendingPathComponent(".config/deepcut/config.json") }
    static let sample = SharedSamples.folder.appendingPathComponent("itunes_Library_xml_libpytunes_Test_Library.xml")

    init() throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func run(_ words: [String], environment extra: [String: String] = [:]) async -> (code: ExitCode, console: CapturedConsole) {
        let console = CapturedConsole()
        let environment = ["HOME": home.path].merging(extra) { $1 }
        let code = await DeepCutCLI.run(words, environment: environment, console: console.console, httpClient: nil, log: .silent)
        return (code, console)
    }

    @discardableResult
    func placeExport(_ relativePath: String) throws -> URL {
        try scratch.write("home/" + relativePath, try Data(contentsOf: Self.sample))
    }

    @Test func theOneExportInTheUsualPlaceBecomesAPerUserConfigThatCommandsFind() async throws {
        let export = try placeExport("Music/Library.xml")
        let (code, console) = await run(["init"])
        #expect(code == .success, "\(console.err)")
        #expect(console.err.isEmpty)
        #expect(console.out.contains("found \(export.path)\n"))
        #expect(console.out.contains("library: \(export.path) (itunes-xml: 22 albums by 16 artists)"))
        #expect(console.out.contains("wrote \(perUserConfig.path)\nconfig OK: \(perUserConfig.path)"))
        // The next three commands, the first needing no --config: the per-user file is where commands look.
        let next = try #require(console.out.components(separatedBy: "next:\n").last).split(separator: "\n")
        #expect(next.count == 3)
        #expect(next[0].hasPrefix("  deepcut sweep   "))
        #expect(next[1].contains("xdg-open \(home.path)/.local/share/deepcut/feed/index.html"))
        #expect(next[2].contains("@hourly deepcut sweep --if-stale --quiet"))

        let config = try ConfigLoader.load(from: perUserConfig)
        #expect(config.library.map(\.path) == [export])
        #expect(config.library.map(\.format) == [.itunesXML])
        #expect(config.outputDirectory.path == home.appendingPathComponent(".local/share/deepcut/feed").path)
        #expect(config.stateDatabase.path == home.appendingPathComponent(".local/share/deepcut/state.db").path)
        #expect(await run(["check-config"]).console.out.hasPrefix("config OK: \(perUserConfig.path)"))
    }

    @Test func noExportFoundIsExit64AskingForLibrary() async throws {
        let (code, console) = await run(["init"])
        #expect(code == .usage)
        #expect(console.err.hasPrefix("deepcut init: no library export found (looked for ~/Music/Library.xml, "))
        #expect(console.err.hasSuffix("give it with --library PATH"))
        #expect(!console.err.contains("\n"))
        #expect(!FileManager.default.fileExists(atPath: perUserConfig.path))
    }

    @Test func severalFoundPicksNoneListsThemAndExits64() async throws {
        let xml = try placeExport("Music/Music/Library.xml")
        let beets = try scratch.write("home/.config/beets/library.db", "SQLite format 3\u{0}")
        let (code, console) = await run(["init"])
        #expect(code == .usage)
        #expect(
            console.err == "deepcut init: found 2 libraries, so none was picked: \(xml.path), \(beets.path); choose one with --library PATH"
        )
        #expect(console.out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: perUserConfig.path))
        // Naming one settles it.
        #expect(await run(["init", "--library", xml.path]).code == .success)
    }

    @Test func anUnreadableOrMalformedLibraryIsExit65NamingItAndWritesNothing() async throws {
        let missing = home.appendingPathComponent("Music/Library.xml")
        var (code, console) = await run(["init", "--library", missing.path])
        #expect(code == .dataError)
        #expect(console.err == "\(missing.path): cannot read library: No such file or directory")

        let truncated = try scratch.write("home/Truncated.xml", try Data(contentsOf: Self.sample).prefix(6000))
        (code, console) = await run(["init", "--library", truncated.path])
        #expect(code == .dataError)
        #expect(console.err.hasPrefix("Truncated.xml:"), "the reader's own line, with the line number: \(console.err)")
        #expect(!console.err.contains("\n"))

        let headerOnly = try scratch.write("home/albums.csv", "title,artist\n")
        (code, console) = await run(["init", "--library", headerOnly.path])
        #expect(code == .dataError)
        #expect(console.err == "\(headerOnly.path): no albums in this csv library; nothing to sweep for")

        let notes = try scratch.write("home/notes.txt", "shopping list\n")
        (code, console) = await run(["init", "--library", notes.path])
        #expect(code == .dataError)
        #expect(console.err.hasPrefix("\(notes.path): not a library export deepcut reads"))
        #expect(!FileManager.default.fileExists(atPath: perUserConfig.path))
    }

    @Test func anExistingConfigIsKeptUnlessForced() async throws {
        let export = try placeExport("Music/Library.xml")
        let mine = try scratch.write("home/.config/deepcut/config.json", "{\"my\": \"edits\"}\n")
        var (code, console) = await run(["init"])
        #expect(code == .cannotCreate)
        #expect(
            console.err
                == "deepcut init: \(mine.path) already exists; kept it as it is (check it with 'deepcut check-config', or replace it with 'deepcut init --force')"
        )
        #expect(try String(contentsOf: mine, encoding: .utf8) == "{\"my\": \"edits\"}\n")

        (code, console) = await run(["init", "--force"])
        #expect(code == .success, "\(console.err)")
        #expect(console.out.contains("kept the previous config as \(mine.path).old"))
        #expect(try String(contentsOf: mine.appendingPathExtension("old"), encoding: .utf8) == "{\"my\": \"edits\"}\n")
        #expect(try ConfigLoader.load(from: mine).library.map(\.path) == [export])
    }

    @Test func systemCopiesTheExportWhereTheServiceReadsItAndPointsTheConfigThere() async throws {
        let export = try placeExport("Music/iTunes/iTunes Music Library.xml")
        let root = scratch.url.appendingPathComponent("root")
        let (code, console) = await run(["init", "--system"], environment: ["DEEPCUT_INIT_ROOT": root.path])
        #expect(code == .success, "\(console.err)")
        let copy = root.appendingPathComponent("var/lib/deepcut/Library.xml")
        let configFile = root.appendingPathComponent("etc/deepcut/config.json")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: export))
        #expect((try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int) == 0o644)
        #expect(console.out.contains("copied to \(copy.path)"))
        let config = try ConfigLoader.load(from: configFile)
        #expect(config.library.map(\.path) == [copy])
        #expect(config.stateDatabase.path == root.appendingPathComponent("var/lib/deepcut/state.db").path)
        #expect(config.outputDirectory.path == root.appendingPathComponent("var/lib/deepcut/feed").path)
        #expect(console.out.contains("config OK: \(configFile.path)"))
        #expect(console.out.contains("sudo -u deepcut deepcut sweep --config \(configFile.path)"))
        #expect(console.out.contains("sudo systemctl enable --now deepcut.timer"))
        #expect(!FileManager.default.fileExists(atPath: perUserConfig.path), "--system writes no per-user config")
    }

    /// The package's postinst (and scripts/install) leave a copy of the example at /etc/deepcut/config.json:
    /// `init --system` replaces that copy without --force, and keeps an edited one.
    @Test func systemReplacesTheUntouchedExampleButNotAnEditedConfig() async throws {
        try placeExport("Music/Library.xml")
        let root = scratch.url.appendingPathComponent("root")
        let example = try String(
            contentsOf: SharedSamples.packageRoot.appendingPathComponent("config/config.example.json"), encoding: .utf8)
        try scratch.write("root/usr/share/doc/deepcut/examples/config.json", example)
        let configFile = try scratch.write("root/etc/deepcut/config.json", example)
        var (code, console) = await run(["init", "--system"], environment: ["DEEPCUT_INIT_ROOT": root.path])
        #expect(code == .success, "\(console.err)")
        #expect(
            console.out.contains(
                "replaced the untouched example config (\(root.path)/usr/share/doc/deepcut/examples/config.json) at \(configFile.path)"))
        #expect(try String(contentsOf: configFile.appendingPathExtension("old"), encoding: .utf8) == example)
        #expect(try ConfigLoader.load(from: configFile).library.map(\.path) == [root.appendingPathComponent("var/lib/deepcut/Library.xml")])

        let edited = example.replacingOccurrences(of: "\"us\"", with: "\"gb\"")
        try scratch.write("root/etc/deepcut/config.json", edited)
        (code, console) = await run(
            ["init", "--system", "--library", "/srv/my exports/Library.xml"], environment: ["DEEPCUT_INIT_ROOT": root.path])
        #expect(code == .cannotCreate)
        #expect(try String(contentsOf: configFile, encoding: .utf8) == edited)
        // The way out it names is the same command, forced: not a per-user init beside the system one.
        #expect(
            console.err.hasSuffix("or replace it with 'deepcut init --system --library '/srv/my exports/Library.xml' --force')"),
            "\(console.err)")
    }

    @Test func aCSVOrABeetsDatabaseNamedByPathIsTakenInItsFormat() async throws {
        let csv = try scratch.write("home/albums.csv", "artist,title\nBonobo,Fragments\n")
        let config = scratch.url.appendingPathComponent("elsewhere/deepcut.json")
        var (code, console) = await run(["init", "--library", csv.path, "--config", config.path])
        #expect(code == .success, "\(console.err)")
        #expect(try ConfigLoader.load(from: config).library.map(\.format) == [.csv])
        // Written where commands do not look by themselves: every next command names it.
        #expect(console.out.contains("deepcut sweep --config \(config.path)"))

        let schema = try #require(try BeetsTestDatabase.currentSchema())
        let beets = scratch.url.appendingPathComponent("home/library.db")
        try BeetsTestDatabase.create(at: beets, schema: schema, albums: [.init(album: "Fragments", albumartist: "Bonobo")])
        (code, console) = await run(["init", "--library", beets.path, "--force"])
        #expect(code == .success, "\(console.err)")
        #expect(console.out.contains("(beets: 1 album by 1 artist)"))
        #expect(try ConfigLoader.load(from: perUserConfig).library.map(\.format) == [.beets])
    }

    // MARK: Without a config

    /// The words that reach each command's config load; every command but init is listed, so a new
    /// command without an entry fails here.
    static let wordsReachingTheConfig: [String: [String]] = [
        "sweep": [], "health": [], "dismiss": ["x"], "restore": ["x"], "dismissed": [], "dismissals import": ["x.json"],
        "dismissals export": [], "more-from": ["Bonobo"], "library add": ["--title", "T", "--artist", "A"], "check-config": [],
        "changes": [], "notify": ["--dry-run"], "probe": [], "mute": ["Bonobo"], "unmute": ["Bonobo"], "muted": [],
        "artists pending": [], "artists accept": ["Mitski"], "artists reject": ["Mitski"]
    ]

    /// Commands that write a config or need none.
    static let withoutConfig: Set<String> = ["init", "manual", "completions"]

    @Test func everyCommandWithoutAConfigPointsAtInitAndTheExample() async throws {
        let names = Set(DeepCutCLI.commands.map { $0.spec.names.joined(separator: " ") }).subtracting(Self.withoutConfig)
        #expect(
            names == Set(Self.wordsReachingTheConfig.keys),
            "a new command goes into wordsReachingTheConfig (the words that reach its config load) or withoutConfig")
        let missing = scratch.url.appendingPathComponent("nowhere/config.json")
        for (name, words) in Self.wordsReachingTheConfig.sorted(by: { $0.key < $1.key }) {
            let (code, console) = await run(name.split(separator: " ").map(String.init) + words + ["--config", missing.path])
            let said = name == "health" ? console.out : console.err
            #expect(code == (name == "health" ? .partial : .config), "\(name)")
            #expect(
                said.hasSuffix(
                    "deepcut: no config at \(missing.path): run 'deepcut init --config \(missing.path)' to write one for your library, "
                        + "or start from the example (/usr/share/doc/deepcut/examples/config.json; config/config.example.json in the source tree)"
                ),
                "\(name): \(said)")
            #expect(!said.contains("\n"), "\(name)")
        }
    }

    @Test func theDefaultLookupNamesBothPlacesItLooked() {
        let error = MissingConfigError(
            file: URL(fileURLWithPath: "/etc/deepcut/config.json"), named: false,
            perUser: URL(fileURLWithPath: "/home/ada/.config/deepcut/config.json"))
        #expect(error.exitCode == .config)
        #expect(
            error.message.hasPrefix(
                "deepcut: no config at /home/ada/.config/deepcut/config.json or /etc/deepcut/config.json: run 'deepcut init' to write one"))
    }
}
