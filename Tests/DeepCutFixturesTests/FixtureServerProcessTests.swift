import DeepCutTestKit
import Foundation
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

        // stderr not the test runner's: should the runner die with the server still up, an orphan
        // holding that pipe would keep `swift test` waiting for its end.
        let process = try ChildProcess(executable, ["--catalog", catalogFile.path, "--latency-ms", "1"], stdout: .capture)
        defer { process.kill() }

        let announced = await process.stdout(until: { $0.last == UInt8(ascii: "\n") }) ?? Data()
        let line = String(decoding: announced, as: UTF8.self)
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let url = try #require(URL(string: String(line.dropFirst("listening on ".count).dropLast())))

        let answer = try await FixtureTestClient().results(url, "/search?term=polyphia&entity=musicArtist")
        #expect(answer.results.map(\.artistName) == ["Polyphia"])

        process.terminate()
        let result = try await process.finish(timeout: .seconds(60))
        #expect(result.termination == .exited(0))
        #expect(result.stdoutText == line)
    }

    @Test func badArgumentsPrintOneLineAndExit64() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build deepcut-fixture-server first")
        let result = try await ChildProcess.run(executable.path, ["--port", "1"])
        #expect(result.status == 64)
        #expect(result.stderrText.split(separator: "\n").count == 1)
        #expect(result.stderrText.contains("--catalog"))
    }
}
