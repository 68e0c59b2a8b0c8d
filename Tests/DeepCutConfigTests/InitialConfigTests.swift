import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

/// What `deepcut init` writes: where (SetupLayout), what (InitialConfig) and how (NewConfigFile).
@Suite struct InitialConfigTests {
    let scratch = ScratchFolder()

    @Test func theWrittenTextLoadsAsTheConfigItDescribes() throws {
        let library = scratch.url.appendingPathComponent("Music \"Ada\"/Library.xml")
        let initial = InitialConfig(
            library: LibrarySource(format: .itunesXML, path: library),
            stateDatabase: scratch.url.appendingPathComponent("data/state.db"),
            outputDirectory: scratch.url.appendingPathComponent("data/feed"))
        let file = scratch.url.appendingPathComponent("config.json")
        try NewConfigFile.write(initial.text, to: file, replacing: false)
        let config = try ConfigLoader.load(from: file)
        #expect(config.library == [LibrarySource(format: .itunesXML, path: library)])
        #expect(config.stateDatabase.path == initial.stateDatabase.path)
        #expect(config.outputDirectory.path == initial.outputDirectory.path)
        #expect(config.catalog.provider == .itunes)
    }

    @Test func anExistingConfigIsNeverOverwritten() throws {
        let file = try scratch.write("etc/config.json", "{\"mine\": true}\n")
        #expect(throws: NewConfigFileError.exists(file)) { try NewConfigFile.write("{}", to: file, replacing: false) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"mine\": true}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["config.json"])
        #expect(NewConfigFileError.exists(file).exitCode == .cannotCreate)
    }

    @Test func replacingIsAsked() throws {
        let file = try scratch.write("config.json", "old")
        try NewConfigFile.write("new", to: file, replacing: true)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
    }

    @Test func aFolderThatCannotBeMadeIsExit73NamingTheFile() throws {
        let blocker = try scratch.write("blocker", "a file where a folder should be")
        let file = blocker.appendingPathComponent("deepcut/config.json")
        let error = try #require(throws: NewConfigFileError.self) { try NewConfigFile.write("{}", to: file, replacing: false) }
        #expect(error.exitCode == .cannotCreate)
        #expect(error.message.hasPrefix("\(file.path): cannot write the config: "))
    }

    @Test func theSystemLayoutIsTheServicesFoldersUnderItsRoot() {
        let layout = SetupLayout.system()
        #expect(layout.configFile.path == "/etc/deepcut/config.json")
        #expect(layout.stateDatabase.path == "/var/lib/deepcut/state.db")
        #expect(layout.outputDirectory.path == "/var/lib/deepcut/feed")
        #expect(layout.copiesLibrary)
        let staged = SetupLayout.system(root: URL(fileURLWithPath: "/tmp/stage"))
        #expect(staged.configFile.path == "/tmp/stage/etc/deepcut/config.json")
        #expect(staged.dataFolder.path == "/tmp/stage/var/lib/deepcut")
    }

    @Test func thePerUserLayoutFollowsXDG() throws {
        let plain = try SetupLayout.perUser(environment: ["HOME": "/home/ada"])
        #expect(plain.configFile.path == "/home/ada/.config/deepcut/config.json")
        #expect(plain.outputDirectory.path == "/home/ada/.local/share/deepcut/feed")
        #expect(!plain.copiesLibrary)
        let xdg = try SetupLayout.perUser(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d"])
        #expect(xdg.configFile.path == "/c/deepcut/config.json")
        #expect(xdg.stateDatabase.path == "/d/deepcut/state.db")
        #expect(throws: ConfigError.self) { try SetupLayout.perUser(environment: [:]) }
    }
}
