import DeepCutCore
import Foundation
import Testing

@testable import DeepCut

/// How the suite runs a process as another user (outside it: the `@Suite` trait cannot refer to the suite itself).
private enum Unprivileged {
    static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    static var isAvailable: Bool { geteuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv.path) }
}

/// An unwritable state database, `-shm`/`-wal` or state folder stops `deepcut` with exit 74 and one
/// line naming the file at fault with its mode, before SQLite creates anything; once the operator
/// fixes that file, the next run works. Run through the real binary as an unprivileged user: root
/// ignores file modes, so only another user sees what the timer's user sees.
@Suite(.enabled(if: Unprivileged.isAvailable, "needs root and /usr/bin/setpriv to run deepcut as uid 65534"))
struct ReadOnlyStateTests {
    static let setpriv = Unprivileged.setpriv
    static let nobody: UInt32 = 65534

    /// A world after one good sweep, handed over to uid 65534 (the scratch folder included).
    static func worldOwnedByNobody() async throws -> ReliabilityWorld {
        let world = try ReliabilityWorld(artists: ReliabilityWorld.artists(3), library: ReliabilityWorld.library(3))
        #expect(await world.run("sweep").exitCode == .success)
        try chownTree(world.folder.url)
        return world
    }

    static func chownTree(_ root: URL, to uid: UInt32 = nobody) throws {
        var paths = [root.path]
        if let enumerator = FileManager.default.enumerator(atPath: root.path) {
            paths += enumerator.compactMap { $0 as? String }.map { root.appendingPathComponent($0).path }
        }
        for path in paths { #expect(chown(path, uid, uid) == 0, "chown \(path)") }
    }

    /// `deepcut <words> --config …` as uid 65534 with no groups.
    static func runAsNobody(_ world: ReliabilityWorld, _ words: String...) async throws -> SpawnedProcess.Result {
        try await runAsNobody(world, words)
    }

    static func runAsNobody(_ world: ReliabilityWorld, _ words: [String]) async throws -> SpawnedProcess.Result {
        try await SpawnedProcess(
            setpriv,
            ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", SpawnedProcess.deepcut.path]
                + words + ["--config", world.configPath], in: world.folder.url
        ).finish()
    }

    static func setMode(_ mode: Int, _ url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    /// The names in the state folder (database, lock, any sidecar).
    static func stateFolderNames(_ world: ReliabilityWorld) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: world.stateDatabase.deletingLastPathComponent().path))
    }

    @Test func readOnlyDatabaseIsRefusedNamingItsModeAndWorksOnceFixed() async throws {
        let world = try await Self.worldOwnedByNobody()
        let feedBefore = try world.files()
        let databaseBefore = try Data(contentsOf: world.stateDatabase)
        try Self.setMode(0o444, world.stateDatabase)
        let namesBefore = try Self.stateFolderNames(world)
        #expect(!namesBefore.contains("state.db-shm") && !namesBefore.contains("state.db-wal"))

        for words in [["sweep"], ["dismissed"], ["dismiss", "--title", "A", "--artist", "B"]] {
            let refused = try await Self.runAsNobody(world, words)
            #expect(refused.status == 74, "\(words): \(refused.stderr)")
            #expect(refused.problemLines.count == 1, "\(words): \(refused.stderr)")
            let line = try #require(refused.problemLines.first)
            #expect(line.hasPrefix(world.stateDatabase.path + ": not writable by uid 65534 (mode 0444"), "\(line)")
            #expect(line.contains("chmod u+w"), "\(line)")
        }
        // Nothing appeared beside the database (no read-only sidecar to outlive the fix), nothing changed.
        #expect(try Self.stateFolderNames(world) == namesBefore)
        #expect(try Data(contentsOf: world.stateDatabase) == databaseBefore)
        #expect(
            try world.files().filter { $0.key != "health.json" && $0.key != "health.txt" && !$0.key.hasSuffix(".prom") }
                == feedBefore.filter { $0.key != "health.json" && $0.key != "health.txt" && !$0.key.hasSuffix(".prom") })
        #expect(try world.json("feed.json").isEmpty == false)

        try Self.setMode(0o644, world.stateDatabase)
        let fixed = try await Self.runAsNobody(world, "sweep")
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try world.health().status == .complete)
    }

    /// What an earlier deepcut left after a read-only open (a 0444 `-shm` of the timer's user), or a
    /// `-wal`/`-shm` of another user (deepcut once run as root): the line names that file, not state.db.
    @Test(arguments: [("state.db-shm", 0o444, nobody), ("state.db-shm", 0o644, UInt32(0)), ("state.db-wal", 0o444, nobody)])
    func staleUnwritableSidecarIsNamedAndTheRunWorksOnceFixed(name: String, mode: Int, owner: UInt32) async throws {
        let world = try await Self.worldOwnedByNobody()
        let sidecar = world.stateDatabase.deletingLastPathComponent().appendingPathComponent(name)
        #expect(FileManager.default.createFile(atPath: sidecar.path, contents: Data()))
        #expect(chown(sidecar.path, owner, owner) == 0)
        try Self.setMode(mode, sidecar)
        let databaseBefore = try Data(contentsOf: world.stateDatabase)
        let namesBefore = try Self.stateFolderNames(world)

        let refused = try await Self.runAsNobody(world, "sweep")
        #expect(refused.status == 74, "\(refused.stderr)")
        #expect(refused.problemLines.count == 1, "\(refused.stderr)")
        let line = try #require(refused.problemLines.first)
        let octal = String(mode, radix: 8)
        #expect(
            line.hasPrefix(
                sidecar.path + ": not writable by uid 65534 (mode 0\(octal), owner uid \(owner)), although state.db is writable"),
            "\(line)")
        #expect(line.contains(owner == Self.nobody ? "chmod u+w \(sidecar.path)" : "run deepcut as uid \(owner)"), "\(line)")
        #expect(try Data(contentsOf: world.stateDatabase) == databaseBefore)
        #expect(try Self.stateFolderNames(world) == namesBefore)

        #expect(chown(sidecar.path, Self.nobody, Self.nobody) == 0)
        try Self.setMode(0o644, sidecar)
        let fixed = try await Self.runAsNobody(world, "sweep")
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try world.health().status == .complete)
    }

    /// A state folder the user cannot write: SQLite could not create the database or its sidecars there.
    @Test func unwritableStateFolderIsNamed() async throws {
        let world = try ReliabilityWorld(artists: ReliabilityWorld.artists(2), library: ReliabilityWorld.library(2))
        let state = world.stateDatabase.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        // The lock file exists (a sweep before, or root created it), so only SQLite needs the folder.
        #expect(FileManager.default.createFile(atPath: state.appendingPathComponent("deepcut.lock").path, contents: Data()))
        try Self.chownTree(world.folder.url)
        try Self.setMode(0o555, state)

        let refused = try await Self.runAsNobody(world, "dismissed")
        #expect(refused.status == 74, "\(refused.stderr)")
        #expect(
            refused.problemLines == [
                "\(state.path): not writable by uid 65534 (mode 0555, owner uid 65534); SQLite creates state.db "
                    + "and its -wal and -shm files in this folder: make it writable (chmod u+w \(state.path))"
            ])
        #expect(!FileManager.default.fileExists(atPath: world.stateDatabase.path))

        try Self.setMode(0o755, state)
        let fixed = try await Self.runAsNobody(world, "dismissed")
        #expect(fixed.status == 0, "\(fixed.stderr)")
    }
}

extension SpawnedProcess.Result {
    /// stderr without the logfmt event lines a sweep logs: the one line a non-zero exit prints.
    fileprivate var problemLines: [String] { errorLines.filter { !$0.hasPrefix("level=") } }
}
