import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutConfig
@testable import DeepCutCore

/// `scripts/install` and `scripts/uninstall` run for real into a DESTDIR, with a stand-in binary
/// (`DEEPCUT_INSTALL_BINARY`) so no release build is needed.
@Suite struct InstallScriptTests {
    private static let packageRoot = SharedSamples.packageRoot
    private let scratch = ScratchFolder()
    private var destdir: URL { scratch.url.appendingPathComponent("root") }

    /// What one file looks like: enough to tell whether anything about it changed.
    private struct FileState: Hashable {
        var mode: Int
        var modified: Date
        var contents: Data
    }

    private struct ScriptRun {
        var status: Int32
        var output: String
    }

    private func binary() throws -> URL {
        let url = try scratch.write("bin/deepcut", "#!/bin/sh\necho stand-in deepcut\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    private func run(_ script: String, prefix: String = "/opt/deepcut") async throws -> ScriptRun {
        let environment = ChildProcess.environment(adding: [
            "DESTDIR": destdir.path, "PREFIX": prefix, "DEEPCUT_INSTALL_BINARY": try binary().path
        ])
        let result = try await ChildProcess.run(
            "/bin/bash", [Self.packageRoot.appendingPathComponent("scripts/\(script)").path], environment: environment, stderr: .stdout)
        return ScriptRun(status: result.status, output: result.stdoutText)
    }

    /// Every regular file under the DESTDIR, by path relative to it.
    private func tree() throws -> [String: FileState] {
        let manager = FileManager.default
        var files: [String: FileState] = [:]
        let base = destdir.path + "/"
        guard let walker = manager.enumerator(atPath: destdir.path) else { return [:] }
        for case let relative as String in walker {
            let path = base + relative
            let attributes = try manager.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files[relative] = FileState(
                mode: attributes[.posixPermissions] as? Int ?? -1,
                modified: attributes[.modificationDate] as? Date ?? .distantPast,
                contents: try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return files
    }

    private func text(_ relative: String) throws -> String {
        try String(contentsOf: destdir.appendingPathComponent(relative), encoding: .utf8)
    }

    private static func repositoryFile(_ relative: String) throws -> Data {
        try Data(contentsOf: packageRoot.appendingPathComponent(relative))
    }

    // MARK: - Install

    @Test func installsTheWholeTreeUnderPrefix() async throws {
        let install = try await run("install")
        #expect(install.status == 0, "\(install.output)")

        let files = try tree()
        #expect(
            Set(files.keys) == [
                "opt/deepcut/bin/deepcut",
                "etc/systemd/system/deepcut.service",
                "etc/systemd/system/deepcut.timer",
                "etc/systemd/system/deepcut-failure@.service",
                "usr/lib/sysusers.d/deepcut.conf",
                "etc/deepcut/config.json",
                "etc/deepcut/config.example.json",
                "opt/deepcut/share/doc/deepcut/README.md",
                "opt/deepcut/share/doc/deepcut/OPERATIONS.md"
            ])
        #expect(files["opt/deepcut/bin/deepcut"]?.mode == 0o755)
        #expect(files["opt/deepcut/bin/deepcut"]?.contents == (try Data(contentsOf: binary())))
        #expect(files["etc/systemd/system/deepcut.service"]?.mode == 0o644)
        #expect(files["usr/lib/sysusers.d/deepcut.conf"]?.contents == (try Self.repositoryFile("jobs/deepcut.sysusers")))
        #expect(files["etc/deepcut/config.json"]?.contents == (try Self.repositoryFile("config/config.example.json")))
        #expect(files["etc/deepcut/config.example.json"]?.contents == (try Self.repositoryFile("config/config.example.json")))

        let service = try text("etc/systemd/system/deepcut.service")
        #expect(service.contains("ExecStart=/opt/deepcut/bin/deepcut sweep --if-stale"))
        #expect(service.contains("Documentation=file:///opt/deepcut/share/doc/deepcut/README.md"))
        #expect(!service.contains("/usr/local"))
        #expect(try text("etc/systemd/system/deepcut-failure@.service").contains("ExecStart=/opt/deepcut/bin/deepcut health"))
        #expect(
            try text("etc/systemd/system/deepcut.timer") == String(decoding: try Self.repositoryFile("jobs/deepcut.timer"), as: UTF8.self))

        let credstore = try FileManager.default.attributesOfItem(atPath: destdir.appendingPathComponent("etc/credstore").path)
        #expect(credstore[.posixPermissions] as? Int == 0o700)
        #expect(install.output.contains("Next steps:"))
    }

    @Test func theDefaultPrefixKeepsTheUnitsAsWritten() async throws {
        #expect(try await run("install", prefix: "/usr/local").status == 0)
        #expect(
            try Data(contentsOf: destdir.appendingPathComponent("etc/systemd/system/deepcut.service"))
                == (try Self.repositoryFile("jobs/deepcut.service")))
        #expect(FileManager.default.isExecutableFile(atPath: destdir.appendingPathComponent("usr/local/bin/deepcut").path))
    }

    @Test func aSecondRunChangesNothingAndKeepsTheConfig() async throws {
        #expect(try await run("install").status == 0)
        let edited = Data(#"{"library": [{"format": "json", "path": "/srv/mine.json"}]}"#.utf8)
        try edited.write(to: destdir.appendingPathComponent("etc/deepcut/config.json"))
        let before = try tree()

        let again = try await run("install")

        #expect(again.status == 0, "\(again.output)")
        #expect(try tree() == before)
        #expect(try Data(contentsOf: destdir.appendingPathComponent("etc/deepcut/config.json")) == edited)
        #expect(!again.output.contains("installed"), "\(again.output)")
        #expect(again.output.contains("kept"))
    }

    @Test func anOutdatedFileIsReplaced() async throws {
        #expect(try await run("install").status == 0)
        let unit = destdir.appendingPathComponent("etc/systemd/system/deepcut.timer")
        try Data("stale".utf8).write(to: unit)

        let again = try await run("install")

        #expect(again.output.contains("installed \(unit.path)"), "\(again.output)")
        #expect(try Data(contentsOf: unit) == (try Self.repositoryFile("jobs/deepcut.timer")))
    }

    @Test func aBadPrefixInstallsNothing() async throws {
        for prefix in ["relative/path", "/with space", "/a|b"] {
            let install = try await run("install", prefix: prefix)
            #expect(install.status != 0, "\(prefix)")
            #expect(install.output.contains("PREFIX must be an absolute path"))
        }
        #expect(!FileManager.default.fileExists(atPath: destdir.path))
    }

    @Test func theExampleConfigLoads() throws {
        let config = try ConfigLoader.load(from: Self.packageRoot.appendingPathComponent("config/config.example.json"))
        #expect(config.stateDatabase.path == "/var/lib/deepcut/state.db")
        #expect(config.outputDirectory.path.hasPrefix("/var/lib/deepcut/"))
        #expect(config.prometheusTextfile?.path.hasPrefix("/var/lib/deepcut/") == true)
    }

    // MARK: - Uninstall

    @Test func uninstallLeavesConfigStateAndTokens() async throws {
        #expect(try await run("install").status == 0)
        try scratch.write("root/var/lib/deepcut/state.db", "state")
        try scratch.write("root/var/lib/deepcut/feed/latest.json", "{}")
        try scratch.write("root/etc/credstore/deepcut.apple-music-token", "secret")

        let uninstall = try await run("uninstall")

        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(
            Set(try tree().keys) == [
                "etc/deepcut/config.json",
                "var/lib/deepcut/state.db",
                "var/lib/deepcut/feed/latest.json",
                "etc/credstore/deepcut.apple-music-token"
            ])
        let manager = FileManager.default
        #expect(!manager.fileExists(atPath: destdir.appendingPathComponent("opt/deepcut/share/doc/deepcut").path))
        #expect(try await run("uninstall").status == 0, "a second uninstall has nothing left to do and succeeds")
    }

    @Test func uninstallRemovesTheConfigFolderOnlyWhenEmpty() async throws {
        #expect(try await run("install").status == 0)
        try FileManager.default.removeItem(at: destdir.appendingPathComponent("etc/deepcut/config.json"))

        #expect(try await run("uninstall").status == 0)

        #expect(!FileManager.default.fileExists(atPath: destdir.appendingPathComponent("etc/deepcut").path))
    }
}
