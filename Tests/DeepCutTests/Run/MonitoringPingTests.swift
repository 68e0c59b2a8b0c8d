import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut

/// The dead man's switch across a complete, a partial, a failed and a skipped run, through the real
/// client to a loopback receiver: which pings arrive, in which order, with the health line as body.
@Suite struct MonitoringPingTests {
    static func harness(_ receiver: HTTPReceiver, partial: String = "success", timeout: Int = 5) throws -> SweepHarness {
        let url = receiver.url.appendingPathComponent("ping/5b9e").absoluteString
        return try SweepHarness(config: [
            "monitoring": #"{"url": "\#(url)", "partial": "\#(partial)", "timeoutSeconds": \#(timeout)}"#
        ])
    }

    static func pings(_ receiver: HTTPReceiver) throws -> [(path: String, body: String)] {
        try receiver.requests().map { ($0.path, $0.text) }
    }

    @Test func aCompleteAPartialAndAFailedRunPingStartThenTheirOutcome() async throws {
        let receiver = try await HTTPReceiver()
        let harness = try Self.harness(receiver)
        #expect(await harness.run("sweep").exitCode == .success)
        harness.fail("102", with: Fault(.status(code: 503, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        await harness.server.stop()
        #expect(await harness.run("sweep").exitCode == .tempFail)
        let pings = try Self.pings(receiver)
        #expect(
            pings.map(\.path) == [
                "/ping/5b9e/start", "/ping/5b9e", "/ping/5b9e/start", "/ping/5b9e", "/ping/5b9e/start", "/ping/5b9e/fail"
            ])
        #expect(pings[0].body.hasPrefix("deepcut sweep "))
        #expect(pings[1].body.hasPrefix("DEEPCUT OK: last run "), "\(pings[1].body)")
        #expect(pings[3].body.hasPrefix("DEEPCUT WARNING: last run "), "\(pings[3].body)")
        #expect(pings[3].body.contains("partial: 1 of 3 artists unchecked"))
        #expect(pings[5].body.hasPrefix("DEEPCUT CRITICAL: last run "), "\(pings[5].body)")
        #expect(pings[5].body.contains("| 'entries'="), "perfdata rides along")
        // The failed run published nothing: the body counts what feed.json still holds, as `deepcut health` does.
        let held = try #require(harness.json("feed.json")["items"] as? [[String: Any]]).filter {
            !(($0["tags"] as? [String])?.contains("upcoming") ?? false)
        }.count
        #expect(held > 0)
        #expect(pings[5].body.contains("feed.json still holds \(held) "), "\(pings[5].body)")
        #expect(pings[5].body.contains("| 'entries'=\(held);;;0 "), "\(pings[5].body)")
    }

    @Test func aPartialRunCanPingFailAndASkipPingsSuccessWithoutStart() async throws {
        let receiver = try await HTTPReceiver()
        let harness = try Self.harness(receiver, partial: "fail")
        harness.fail("102", with: Fault(.status(code: 503, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        harness.fail("102", with: nil)
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(await harness.run("sweep", "--if-stale").exitCode == .success)
        let paths = try Self.pings(receiver).map(\.path)
        #expect(paths == ["/ping/5b9e/start", "/ping/5b9e/fail", "/ping/5b9e/start", "/ping/5b9e", "/ping/5b9e"])
        #expect(try Self.pings(receiver).last?.body.contains("last skipped") == true)
    }

    @Test func aMonitoringServerThatFailsOrHangsChangesNothingButALogLine() async throws {
        let receiver = try await HTTPReceiver(mode: .status(500))
        let harness = try Self.harness(receiver, timeout: 1)
        #expect(await harness.run("sweep").exitCode == .success)
        let first = try harness.outputFiles()["current.json"]
        try receiver.setMode(.slow(seconds: 30))
        // The slow server holds each ping past its 1 s deadline; the run still ends and publishes.
        let hung = await harness.run("sweep")
        #expect(hung.exitCode == .success)
        #expect(try harness.health().status == .complete)
        #expect(try harness.outputFiles()["current.json"] != nil)
        #expect(first != nil)
        let refused = try SweepHarness(config: [
            "monitoring": #"{"url": "http://127.0.0.1:\#(LoopbackServerProcess.closedPort())/ping/x", "timeoutSeconds": 1}"#
        ])
        #expect(await refused.run("sweep").exitCode == .success)
    }
}
