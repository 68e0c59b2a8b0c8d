import Foundation
import Glibc
import Testing

@testable import DeepCutCore
@testable import DeepCutPublish

@Suite struct AtomicFileTests {
    // MARK: Writing

    /// The temporary is created 0600, so 0644 proves the mode is set explicitly.
    @Test func writesNewFileWithMode0644() throws {
        try PublishFixtures.withFolder { folder in
            let file = folder.appendingPathComponent("current.json")
            try AtomicFile.write("hello\n", to: file)
            #expect(try String(contentsOf: file, encoding: .utf8) == "hello\n")
            #expect(PublishFixtures.mode(of: file) == 0o644)
            #expect(try PublishFixtures.temporaries(in: folder).isEmpty)
        }
    }

    @Test func replacingKeepsTheExistingMode() throws {
        try PublishFixtures.withFolder { folder in
            let file = folder.appendingPathComponent("health.json")
            try AtomicFile.write("old", to: file)
            chmod(file.path, 0o640)
            try AtomicFile.write("new", to: file)
            #expect(try String(contentsOf: file, encoding: .utf8) == "new")
            #expect(PublishFixtures.mode(of: file) == 0o640)
        }
    }

    @Test func writesLargeContentCompletely() throws {
        try PublishFixtures.withFolder { folder in
            let file = folder.appendingPathComponent("big.json")
            let data = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try AtomicFile.write(data, to: file)
            #expect(try Data(contentsOf: file) == data)
        }
    }

    // MARK: Failures leave the old file and no temporary

    @Test func directoryInTheWayFailsWithCannotCreateAndLeavesNoTemporary() throws {
        try PublishFixtures.withFolder { folder in
            let target = folder.appendingPathComponent("index.html")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
            let error = try #require(throws: OutputError.self) { try AtomicFile.write("x", to: target) }
            #expect(error.exitCode == .cannotCreate)
            #expect(error.message.contains(target.path))
            #expect(try PublishFixtures.temporaries(in: folder).isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
        }
    }

    @Test func missingFolderFailsWithCannotCreate() throws {
        try PublishFixtures.withFolder { folder in
            let target = folder.appendingPathComponent("missing/current.json")
            let error = try #require(throws: OutputError.self) { try AtomicFile.write("x", to: target) }
            #expect(error.exitCode == .cannotCreate)
            #expect(error.code == ENOENT)
            #expect(error.message.contains("current.json"))
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores folder permissions"))
    func readOnlyFolderKeepsTheOldContentIntact() throws {
        try PublishFixtures.withFolder { folder in
            let file = folder.appendingPathComponent("latest.json")
            try AtomicFile.write("old baseline", to: file)
            chmod(folder.path, 0o555)
            defer { chmod(folder.path, 0o755) }
            let error = try #require(throws: OutputError.self) { try AtomicFile.write("new", to: file) }
            #expect(error.exitCode == .cannotCreate)
            #expect(try String(contentsOf: file, encoding: .utf8) == "old baseline")
            #expect(try PublishFixtures.temporaries(in: folder).isEmpty)
        }
    }

    @Test func symlinkTargetIsRefusedAndLeftAlone() throws {
        try PublishFixtures.withFolder { folder in
            let real = folder.appendingPathComponent("elsewhere.json")
            let link = folder.appendingPathComponent("current.json")
            try AtomicFile.write("real", to: real)
            #expect(symlink(real.path, link.path) == 0)
            let error = try #require(throws: OutputError.self) { try AtomicFile.write("new", to: link) }
            #expect(error.exitCode == .cannotCreate)
            #expect(error.message.contains("symbolic link"))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
            #expect(try String(contentsOf: real, encoding: .utf8) == "real")
            #expect(try PublishFixtures.temporaries(in: folder).isEmpty)
        }
    }

    @Test(arguments: [
        (ENOSPC, ExitCode.ioError, "disk full"), (EDQUOT, .ioError, "disk full"), (EIO, .ioError, "I/O error"),
        (EACCES, .cannotCreate, "denied"), (EROFS, .cannotCreate, "Read-only"), (ENOENT, .cannotCreate, "No such file")
    ])
    func errnoIsClassified(code: Int32, exitCode: ExitCode, phrase: String) {
        let error = OutputError(path: "/srv/feed/current.json", action: "write", errno: code)
        #expect(error.exitCode == exitCode)
        #expect(error.message.hasPrefix("cannot write /srv/feed/current.json: "))
        #expect(error.message.contains(phrase))
    }

    // MARK: Stale temporaries and folders

    @Test func staleTemporariesAreSweptAndNothingElse() throws {
        try PublishFixtures.withFolder { folder in
            for name in [".current.json.tmp-1f2e", ".latest.json.tmp-99", "current.json", ".hidden", "notes.tmp-1", "feed.atom"] {
                try Data("x".utf8).write(to: folder.appendingPathComponent(name))
            }
            #expect(AtomicFile.removeStaleTemporaries(in: folder) == 2)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(left == [".hidden", "current.json", "feed.atom", "notes.tmp-1"])
            #expect(AtomicFile.removeStaleTemporaries(in: folder.appendingPathComponent("missing")) == 0)
        }
    }

    @Test func createDirectoryMakesParentsAndAcceptsExisting() throws {
        try PublishFixtures.withFolder { folder in
            let nested = folder.appendingPathComponent("feed/snapshots")
            try AtomicFile.createDirectory(nested)
            try AtomicFile.createDirectory(nested)
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: nested.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        }
    }

    @Test func createDirectoryThroughAFileFails() throws {
        try PublishFixtures.withFolder { folder in
            let file = folder.appendingPathComponent("feed")
            try AtomicFile.write("not a folder", to: file)
            let error = try #require(throws: OutputError.self) { try AtomicFile.createDirectory(file.appendingPathComponent("snapshots")) }
            #expect(error.exitCode == .cannotCreate)
            #expect(error.message.contains(file.path))
        }
    }
}
