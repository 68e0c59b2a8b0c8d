import DeepCutCore
import DeepCutFixtures
import DeepCutState
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutHTTP
@testable import DeepCutPublish
@testable import DeepCutSQLite
@testable import DeepCutSweep

#if canImport(Glibc)
    import Glibc
#endif

/// Absurd numbers, hostile catalog text and awkward moments, through the real `deepcut` binary:
/// each is a clear line and the SPEC's exit code, never a trap, an escape sequence or silence.
@Suite struct HostileInputTests {
    static func world(catalogKeys: [String: String] = [:], topLevelKeys: [String: String] = [:]) throws -> ReliabilityWorld {
        try ReliabilityWorld(
            artists: ReliabilityWorld.artists(2), library: ReliabilityWorld.library(2),
            catalogKeys: catalogKeys, topLevelKeys: topLevelKeys)
    }

    // MARK: - Numbers range-checked before conversion

    /// (where the key goes, key, value, the range the message must name)
    static let absurdNumbers: [(catalog: Bool, key: String, value: String, range: String)] = [
        (true, "sweepDeadlineMinutes", "1e15", "greater than 0 and at most 10080"),
        (true, "concurrency", "1e300", "between 1 and 64"),
        (true, "requestsPerMinute", "1e19", "between 1 and 1000000"),
        (true, "timeoutSeconds", "9223372036854775807", "between 1 and 600"),
        (true, "maxAttempts", "1e15", "between 1 and 10"),
        (false, "ttlHours", "1e300", "greater than 0 and at most 8760"),
        (false, "keepSnapshots", "9223372036854775807", "between 1 and 100000"),
        (false, "repairWindowMinutes", "1e15", "between 0 and 525600")
    ]

    @Test(arguments: absurdNumbers.indices)
    func anAbsurdConfigNumberIs78NamingTheKeyAndRangeForSweepAndCheckConfigAlike(index: Int) async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        let number = Self.absurdNumbers[index]
        let world =
            try number.catalog
            ? Self.world(catalogKeys: [number.key: number.value])
            : Self.world(topLevelKeys: [number.key: number.value])
        let path = number.catalog ? "catalog.\(number.key)" : number.key
        for command in ["check-config", "sweep"] {
            let result = try await world.spawn(command).finish()
            #expect(result.status == 78, "\(command) \(path) \(number.value): \(result.status) \(result.stderr)")
            let cause =
                "config.json: \(path): must be \(number.range), got \(number.value == "9223372036854775807" ? number.value : String(Double(number.value)!))"
            // Off the journal a sweep says the cause once, as the human line, like check-config (issue 30).
            #expect(result.errorLines == [cause], "\(command): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: world.feed.path))
    }

    @Test func anAbsurdWindowIs78() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        let world = try Self.world(topLevelKeys: ["feed": #"{"windowDays": 1e15}"#])
        let result = try await world.spawn("check-config").finish()
        #expect(result.status == 78)
        #expect(result.errorLines.count == 1)
        #expect(
            result.errorLines.first?.hasPrefix("config.json: feed.windowDays: must be between 1 and 36500, got 1") == true,
            "\(result.stderr)")
    }

    @Test(arguments: ["1e30h", "infh", "nanh", "9223372036854775807s", "-5h", "5x", ""])
    func anUnusableHealthDurationIsUnknownExit3(text: String) async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        let world = try Self.world()
        for option in ["--warn-age", "--crit-age"] {
            let result = try await world.spawn("health", "\(option)=\(text)").finish()
            #expect(result.status == 3, "\(option) \(text): \(result.status) \(result.stderr)")
            #expect(result.stdout.hasPrefix("DEEPCUT UNKNOWN: deepcut health: \(option): '\(text)' "), "\(result.stdout)")
            #expect(result.errorLines.count == 1, "\(result.stderr)")
        }
        // Written apart, a negative value is still the option's value, refused with its range.
        let negative = try await world.spawn("health", "--warn-age", "-5h").finish()
        #expect(negative.status == 3)
        #expect(negative.stdout == "DEEPCUT UNKNOWN: deepcut health: --warn-age: '-5h' is negative (use 0 to 3650d)\n")
    }

    @Test func verboseAndQuietTogetherAreAUsageError() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        let world = try Self.world()
        let result = try await world.spawn("sweep", "--verbose", "--quiet").finish()
        #expect(result.status == 64)
        #expect(result.errorLines.first == "deepcut sweep: --verbose and --quiet exclude each other")
        #expect(!FileManager.default.fileExists(atPath: world.feed.path))
    }

    // MARK: - Hostile catalog text

    static let hostileTitle = "Evil\u{0}\u{7}\u{1B}[31mRed\u{1B}]0;owned\u{7}\u{202E}txt.exe\tTab\nLine"

    @Test func snapshotsCarryOnlyWebLinksAndNoControlCharactersAndDismissEchoesCleanText() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        let world = try Self.world()
        let date = ReliabilityWorld.release("1", "x", daysAgo: 2).releaseDate.description
        func row(_ id: Int, _ title: String, link: String, artwork: String) -> String {
            let quoted = String(data: try! JSONSerialization.data(withJSONObject: [title], options: [.fragmentsAllowed]), encoding: .utf8)!
                .dropFirst().dropLast()
            return
                #"{"wrapperType": "collection", "collectionType": "Album", "collectionId": \#(id), "collectionName": \#(quoted), "artistId": 500002, "artistName": "Artist 02", "releaseDate": "\#(date)T07:00:00Z", "collectionViewUrl": "\#(link)", "artworkUrl100": "\#(artwork)"}"#
        }
        let body =
            #"{"resultCount": 3, "results": [{"wrapperType": "artist", "artistId": 500002, "artistName": "Artist 02"}, "#
            + row(901, Self.hostileTitle, link: "javascript:alert(1)", artwork: "data:text/html,x") + ", "
            + row(902, "Plain", link: "https://music.example/902", artwork: "https://img.example/100x100bb.jpg") + "]}"
        world.fail("500002", with: Fault(.body(bytes: Array(body.utf8)), on: .lookup))
        let (code, console) = await world.run("sweep")
        #expect(code == .success, "\(console.err)")

        for name in ["current.json", "latest.json"] {
            let snapshot = try #require(try Snapshot.load(from: world.feed.appendingPathComponent(name)))
            let evil = try #require(snapshot.entries.first { $0.id == "901" }, "\(name)")
            #expect(
                !evil.title.unicodeScalars.contains { !MarkupText.isAllowed($0) || DisplayText.isBidiControl($0) },
                "\(name): \(evil.title.debugDescription)")
            #expect(
                evil.url == nil && evil.artworkURL == nil, "\(name): \(String(describing: evil.url)) \(String(describing: evil.artworkURL))"
            )
            let plain = try #require(snapshot.entries.first { $0.id == "902" })
            #expect(plain.url == "https://music.example/902")
            #expect(plain.artworkURL?.hasPrefix("https://img.example/") == true)
        }
        let raw = try String(contentsOf: world.feed.appendingPathComponent("current.json"), encoding: .utf8)
        // (The album key keeps its characters: it is an identifier, matched against dismissals.)
        #expect(!raw.contains("javascript:") && !raw.contains("data:text"))

        let result = try await world.spawn("dismiss", "901").finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("dismissed: "), "\(result.stdout.debugDescription)")
        // The first line (its own newline excluded; the title's tab and newline are dropped too);
        // the second says the feeds were republished.
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.count == 3 && lines[1] == "republished feed.json, feed.atom, upcoming.ics, index.html",
            "\(result.stdout.debugDescription)")
        let echoed = lines[0]
        #expect(
            !echoed.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format },
            "\(result.stdout.debugDescription)")
    }

    @Test func terminalTextLosesWholeEscapeSequences() {
        #expect(TextTable.clean("a\u{1B}[1;31mb\u{1B}]0;title\u{7}c\u{1B}]8;;x\u{1B}\\d\u{0}\u{202E}e\u{1B}") == "abcde")
    }

    // MARK: - Small points

    @Test func checkConfigOnANewerSchemaIs78() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        let world = try Self.world()
        #expect(await world.run("sweep").exitCode == .success)
        try Database(path: world.stateDatabase.path).withConnection { try $0.setUserVersion(999) }
        let result = try await world.spawn("check-config").finish()
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.contains("state.db has schema version 999, newer than this deepcut understands"), "\(result.stderr)")
    }

    /// SIGTERM at the very start (before a sweep installs its own handling) used to end the process
    /// with 143 and not a word; now every SIGTERM leaves one line.
    @Test func anEarlySIGTERMLeavesOneLine() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        let world = try Self.world()
        let process = try world.spawn("sweep")
        // Wait until the process catches SIGTERM (bit 15 of SigCgt), then send it at once.
        let caught = await waitUntil(seconds: 30) {
            guard let status = try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
                let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16)
            else { return !process.isRunning }
            return mask & (1 << (UInt64(SIGTERM) - 1)) != 0
        }
        #expect(caught)
        kill(process.pid, SIGTERM)
        let result = try await process.finish()
        #expect(result.errorLines.count >= 1, "exit \(result.status) without a line")
        if result.status == 143 {
            #expect(result.errorLines == ["deepcut: stopped by SIGTERM"])
        }
    }

    /// A run cancelled before any answer used to say "no artist answered (0 failed)".
    @Test func aSweepCancelledBeforeAnyAnswerSaysSo() async {
        let sweep = SweepOutcome(
            provider: "itunes",
            results: [
                ArtistResult(artist: "A", outcome: .skipped(.cancelled)),
                ArtistResult(artist: "B", outcome: .skipped(.cancelled))
            ])
        let cancelled = Task { () async -> String in
            while !Task.isCancelled { await Task.yield() }
            return RunVerdict.summary(.failed, sweep: sweep, entries: 0, cancelled: Task.isCancelled)
        }
        cancelled.cancel()
        #expect(await cancelled.value == "sweep cancelled before any artist answered (2 skipped); nothing published, baseline kept")
        let outage = SweepOutcome(
            provider: "itunes",
            results: [
                ArtistResult(
                    artist: "A",
                    outcome: .failed(
                        FetchFailure(kind: .transport, attempts: 3, message: "connection refused")))
            ])
        #expect(
            RunVerdict.summary(.failed, sweep: outage, entries: 0, cancelled: false)
                == "sweep failed: the catalog gave no definite answer in this run (1 failed); nothing published, baseline kept")
    }

    @Test func theLockMessageAlwaysSpeaksOfThePid() {
        #expect(RunLock.Busy(pid: 4242).message == "another sweep is running (pid 4242)")
        #expect(RunLock.Busy(pid: nil).message == "another sweep is running (pid unknown: it had only just started)")
    }
}
