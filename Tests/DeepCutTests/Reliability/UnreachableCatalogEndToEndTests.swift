import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// A catalog that cannot be reached (nothing listening, a name that never resolves, a certificate
/// no CA signed), through the real `deepcut` binary: every output says "unreachable", names the
/// host and the connection's failure, gives the hint that fits it, and counts the artists never
/// asked as such (never as "failed=0", never as a deadline).
@Suite struct UnreachableCatalogEndToEndTests {
    static let artistCount = 12

    @Test(.timeLimit(.minutes(2)))
    func aRefusedPortIsNamedWithItsHintEverywhere() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world()
        let host = "http://127.0.0.1:\(try #require(world.baseURL.port))"
        await world.server.stop()  // Bound, then closed: nothing listens at the port now.
        try await Self.expectUnreachable(world, host: host, cause: .refused, hint: "check that the catalog server is up")
    }

    /// RFC 6761: `.invalid` never resolves. A first run that cannot resolve its catalog fails (75);
    /// the next run against a reachable catalog recovers, and its reports say nothing of the failure.
    @Test(.timeLimit(.minutes(2)))
    func aNameThatNeverResolvesIsADNSFailureAndTheNextRunRecovers() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world(baseURL: "http://deepcut-test.invalid:8080")
        try await Self.expectUnreachable(
            world, host: "http://deepcut-test.invalid:8080", cause: .dns, hint: "check the network and DNS")
        #expect(world.server.requestLog.isEmpty)

        try world.pointConfig(from: "http://deepcut-test.invalid:8080", to: world.baseURL.absoluteString)
        let recovered = try await world.spawn("sweep").finish()
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let health = try world.health()
        #expect(health.status == .complete)
        #expect(health.sweep.unreachable == nil)
        #expect(health.sweep.stoppedBy == nil)
        let finished = try #require(Self.logLine("sweep.finished", in: recovered.stderr))
        #expect(!finished.contains("unreachable=") && !finished.contains("not_asked="), "\(finished)")
        #expect(!(try world.healthText()).contains("unreachable"))
        #expect(try world.files().keys.contains("latest.json"))
    }

    @Test(.timeLimit(.minutes(2)))
    func aCertificateNoCASignedIsATLSFailure() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let server = try await TLSLoopbackServer()
        defer { server.stop() }
        let world = try Self.world(baseURL: "https://127.0.0.1:\(server.port)")
        try await Self.expectUnreachable(
            world, host: "https://127.0.0.1:\(server.port)", cause: .tls, hint: "check the CA certificates")
    }

    /// A catalog that accepts connections and never answers: timeouts, with the timeout's hint.
    @Test(.timeLimit(.minutes(2)))
    func aCatalogThatNeverAnswersTimesOut() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(Self.artistCount), library: ReliabilityWorld.library(Self.artistCount),
            catalogKeys: ["maxAttempts": "1", "timeoutSeconds": "1"])
        world.server.setCatalogFault(Fault(.hang))
        let host = "http://127.0.0.1:\(try #require(world.baseURL.port))"
        try await Self.expectUnreachable(world, host: host, cause: .timeout, hint: "raise catalog.timeoutSeconds")
    }

    // MARK: Helpers

    static func world(baseURL: String? = nil) throws -> ReliabilityWorld {
        var keys = ["maxAttempts": "1"]
        if let baseURL { keys["baseURL"] = "\"\(baseURL)\"" }
        return try ReliabilityWorld(
            artists: ReliabilityWorld.artists(artistCount), library: ReliabilityWorld.library(artistCount), catalogKeys: keys)
    }

    /// One failed sweep, then every output read back: the stderr line, the log's `sweep.finished`
    /// and `run.finished`, `health.json`, `health.txt`, `deepcut health` and the page's health panel.
    static func expectUnreachable(
        _ world: ReliabilityWorld, host: String, cause: CatalogUnreachable.Cause, hint: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let run = try await world.spawn("sweep", "--verbose").finish()
        #expect(run.status == 75, "\(run.stderr)", sourceLocation: sourceLocation)
        let health = try world.health()
        let unreachable = try #require(health.sweep.unreachable, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(unreachable.host == host, sourceLocation: sourceLocation)
        #expect(unreachable.cause == cause, "\(unreachable.message)", sourceLocation: sourceLocation)
        #expect(unreachable.message.contains("(curl "), "\(unreachable.message)", sourceLocation: sourceLocation)
        #expect(unreachable.hint.contains(hint), sourceLocation: sourceLocation)
        #expect(health.status == .failed, sourceLocation: sourceLocation)
        #expect(health.sweep.stoppedBy == .catalogUnreachable, sourceLocation: sourceLocation)
        let counts = health.sweep.artists
        #expect(counts.skipped > 0, "the breaker stops before every artist is asked", sourceLocation: sourceLocation)
        #expect(counts.failed + counts.skipped == artistCount, sourceLocation: sourceLocation)
        let raw = try world.json("health.json")["sweep"] as? [String: Any]
        let rawUnreachable = try #require(raw?["unreachable"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(rawUnreachable["cause"] as? String == cause.rawValue, sourceLocation: sourceLocation)
        #expect(raw?["stoppedBy"] as? String == "catalogUnreachable", sourceLocation: sourceLocation)
        let healthJSON = try Data(contentsOf: world.feed.appendingPathComponent("health.json"))
        #expect(try await JSONSchemaValidator.health.problems([("health.json", healthJSON)]) == [], sourceLocation: sourceLocation)

        // The one-line cause on stderr, and the same sentence in health.json's message.
        let last = try #require(run.errorLines.last, sourceLocation: sourceLocation)
        for part in ["catalog unreachable at \(host)", unreachable.message, hint, "\(counts.failed) failed, \(counts.skipped) not asked"] {
            #expect(last.contains(part), "\(last) lacks \(part)", sourceLocation: sourceLocation)
        }
        #expect(health.message == last, sourceLocation: sourceLocation)

        // The log's counts agree with health: failed=F not_asked=N, with the host and the cause.
        for event in ["sweep.finished", "run.finished"] {
            let line = try #require(logLine(event, in: run.stderr), "no \(event) in \(run.stderr)", sourceLocation: sourceLocation)
            #expect(line.contains("level=error"), "\(line)", sourceLocation: sourceLocation)
            #expect(line.contains("not_asked=\(counts.skipped)"), "\(line)", sourceLocation: sourceLocation)
            #expect(line.contains("unreachable=\(host)"), "\(line)", sourceLocation: sourceLocation)
            #expect(line.contains("cause=\(cause.rawValue)"), "\(line)", sourceLocation: sourceLocation)
        }
        let finished = try #require(logLine("sweep.finished", in: run.stderr), sourceLocation: sourceLocation)
        #expect(finished.contains(" failed=\(counts.failed) "), "\(finished)", sourceLocation: sourceLocation)
        #expect(finished.contains("stopped_by=catalogUnreachable"), "\(finished)", sourceLocation: sourceLocation)

        let text = try world.healthText()
        for part in [
            "cause:    \(last)", "\(counts.skipped) not asked (catalog unreachable: \(host))",
            "next:     nothing was published; \(unreachable.hint) (catalog unreachable at \(host): \(unreachable.message))"
        ] {
            #expect(text.contains(part), "health.txt lacks \(part):\n\(text)", sourceLocation: sourceLocation)
        }

        let check = try await world.spawn("health").finish()
        #expect(check.status == 2, "\(check.stdout)", sourceLocation: sourceLocation)
        #expect(check.stdout.hasPrefix("DEEPCUT CRITICAL: "), sourceLocation: sourceLocation)
        #expect(
            check.stdout.contains("catalog unreachable at \(host): \(unreachable.message)"), "\(check.stdout)",
            sourceLocation: sourceLocation)
        #expect(check.stdout.contains(hint), "\(check.stdout)", sourceLocation: sourceLocation)
        #expect(
            check.stdout.contains("'artists_failed'=\(counts.failed);;;0 'artists_not_asked'=\(counts.skipped);;;0"), "\(check.stdout)",
            sourceLocation: sourceLocation)

        // A failed run publishes no page (README: the page stays as the last published run left
        // it), so the panel is rendered here from the report the run wrote.
        let panel = HTMLRenderer.healthPanel(health)
        for part in ["catalog unreachable at \(host)", "not asked (catalog unreachable: \(host))", MarkupText.escape(unreachable.hint)] {
            #expect(panel.contains(part), "the panel lacks \(part)", sourceLocation: sourceLocation)
        }
        #expect(try world.files().keys.filter { !$0.hasPrefix("health.") }.isEmpty, "nothing published", sourceLocation: sourceLocation)

        // No deadline was set, so no output speaks of one.
        for output in [run.stderr, text, check.stdout, panel] {
            #expect(!output.contains("sweepDeadlineMinutes") && !output.contains("deadline"), "\(output)", sourceLocation: sourceLocation)
        }
    }

    /// The first logfmt line of `event` in a run's stderr.
    static func logLine(_ event: String, in stderr: String) -> String? {
        stderr.split(separator: "\n").map(String.init).first { $0.contains("event=\(event) ") || $0.hasSuffix("event=\(event)") }
    }
}

extension ReliabilityWorld {
    func healthText() throws -> String {
        try String(contentsOf: feed.appendingPathComponent("health.txt"), encoding: .utf8)
    }

    /// Rewrites the config's `catalog.baseURL` from `old` to `new`.
    func pointConfig(from old: String, to new: String) throws {
        let config = try String(contentsOfFile: configPath, encoding: .utf8)
        try folder.write("config.json", config.replacingOccurrences(of: old, with: new))
    }
}
