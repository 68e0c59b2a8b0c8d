import DeepCutTestKit
import Foundation
import Synchronization
import Testing

@testable import DeepCutFixtures

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `deepcut-fixture-server` executable as scripts use it: spawned, read its one line, SIGTERM.
@Suite struct FixtureServerProcessTests {
    /// Built next to the test runner by `swift build --build-tests` / `swift test`.
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("deepcut-fixture-server")

    @Test func announcesItsURLServesTheCatalogAndExitsCleanlyOnSIGTERM() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build deepcut-fixture-server first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalogFile = folder.appendingPathComponent("catalog.json")
        try JSONEncoder().encode(FixtureTestCatalog.catalog).write(to: catalogFile)

        let process = Process()
        process.executableURL = executable
        process.arguments = ["--catalog", catalogFile.path, "--latency-ms", "1"]
        let output = Pipe()
        process.standardOutput = output
        // Not the test runner's stderr: should the runner die with the server still up, an orphan
        // holding that pipe would keep `swift test` waiting for its end.
        process.standardError = FileHandle.nullDevice
        let printed = Mutex("")
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = String(decoding: handle.availableData, as: UTF8.self)
            printed.withLock { $0 += chunk }
        }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        #expect(await waitUntil { printed.withLock { $0.hasSuffix("\n") } })
        let line = printed.withLock { $0 }
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let url = try #require(URL(string: String(line.dropFirst("listening on ".count).dropLast())))

        let answer = try await FixtureTestClient().results(url, "/search?term=polyphia&entity=musicArtist")
        #expect(answer.results.map(\.artistName) == ["Polyphia"])

        process.terminate()
        #expect(await waitUntil { !process.isRunning })
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        output.fileHandleForReading.readabilityHandler = nil
        #expect(printed.withLock { $0 } == line)
    }

    @Test func badArgumentsPrintOneLineAndExit64() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build deepcut-fixture-server first")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", "1"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(message.split(separator: "\n").count == 1)
        #expect(message.contains("--catalog"))
    }
}
