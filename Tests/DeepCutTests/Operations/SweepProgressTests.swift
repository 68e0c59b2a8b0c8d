import DeepCutCore
import DeepCutTestKit
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutSweep

@Suite struct SweepProgressTests {
    private let capture = LogCapture()
    private let clock = TestClock()

    private func progress(total: Int, _ log: EventLog) -> SweepProgress {
        let clock = clock
        return SweepProgress(total: total, log: log, interval: .seconds(10), now: { clock.now })
    }

    private static func fetched(_ artist: String) -> ArtistResult {
        ArtistResult(artist: artist, catalogID: "1", outcome: .fetched([]), requests: 2)
    }

    private static func failed(_ artist: String) -> ArtistResult {
        ArtistResult(
            artist: artist, outcome: .failed(FetchFailure(kind: .timeout, attempts: 3, message: "no answer in 20 s")),
            requests: 3)
    }

    // MARK: - Periodic lines

    @Test func progressLinesComeOnceAnIntervalHasPassed() {
        let progress = progress(total: 4, capture.log())
        clock.advance(by: .seconds(3))
        progress.artistFinished(Self.fetched("Adele"))
        clock.advance(by: .milliseconds(6_900))
        progress.tick()
        #expect(capture.lines.isEmpty, "9.9 s in: not due yet")

        clock.advance(by: .milliseconds(100))
        progress.tick()
        progress.tick()
        #expect(capture.lines == ["level=info event=sweep.progress done=1 total=4 failed=0 eta_s=30"])

        clock.advance(by: .seconds(2))
        progress.artistFinished(Self.failed("Bon Iver"))
        clock.advance(by: .seconds(8))
        progress.artistFinished(Self.fetched("Cat Power"))
        #expect(
            Array(capture.lines.dropFirst()) == [
                #"level=warning event=artist.failed artist="Bon Iver" kind=timeout attempts=3 message="no answer in 20 s""#,
                "level=info event=sweep.progress done=3 total=4 failed=1 eta_s=7"
            ])
    }

    @Test func noProgressBeforeTheFirstArtistHasNoETA() {
        let progress = progress(total: 400, capture.log())
        clock.advance(by: .seconds(10))
        progress.tick()
        #expect(capture.lines == ["level=info event=sweep.progress done=0 total=400 failed=0"])
    }

    @Test func outcomesAreLoggedAtTheirLevels() {
        let progress = progress(total: 4, capture.log(.verbose))
        progress.artistFinished(Self.fetched("Adele"))
        progress.artistFinished(ArtistResult(artist: "Nobody Known", outcome: .notFound, requests: 1))
        progress.artistFinished(ArtistResult(artist: "Zed", outcome: .skipped(.cancelled)))
        #expect(
            capture.lines == [
                "level=debug event=artist.fetched artist=Adele releases=0 requests=2",
                #"level=info event=artist.notFound artist="Nobody Known" requests=1"#,
                "level=debug event=artist.skipped artist=Zed reason=cancelled"
            ])
    }

    @Test func quietLogsOnlyFailures() {
        let progress = progress(total: 2, capture.log(.quiet))
        progress.artistFinished(Self.fetched("Adele"))
        clock.advance(by: .seconds(30))
        progress.artistFinished(Self.failed("Bon Iver"))
        progress.finish()
        #expect(capture.lines.count == 1)
        #expect(capture.lines.first?.hasPrefix("level=warning event=artist.failed") == true)
    }

    @Test func finishSummarises() {
        let progress = progress(total: 2, capture.log())
        clock.advance(by: .milliseconds(4_260))
        progress.artistFinished(Self.failed("Bon Iver"))
        progress.finish()
        #expect(capture.lines.last == "level=info event=sweep.finished done=1 total=2 failed=1 duration_s=4.3")
    }

    /// Found following the quick start offline: four artists stopped by the unreachable catalog
    /// read "done: 4 … not asked: 16" of 16. Stopped artists are not asked, never done.
    @Test func artistsTheSweepStoppedShortOfAreNotAskedNotDone() {
        let progress = progress(total: 3, capture.log())
        progress.artistFinished(Self.fetched("Adele"))
        progress.artistFinished(ArtistResult(artist: "Bon Iver", outcome: .skipped(.catalogUnreachable)))
        progress.artistFinished(ArtistResult(artist: "Cat Power", outcome: .skipped(.catalogUnreachable)))
        var ending = SweepProgress.Ending()
        ending.notAsked = 2
        progress.finish(ending)
        #expect(capture.lines.last == "level=info event=sweep.finished done=1 total=3 failed=0 not_asked=2 duration_s=0.0")
    }

    // MARK: - Terminal bar

    @Test func aTerminalGetsALiveBarInsteadOfLines() {
        let progress = progress(total: 4, capture.log(interactive: true))
        clock.advance(by: .seconds(5))
        progress.artistFinished(Self.fetched("Adele"))
        #expect(capture.text == "\r\u{1B}[K[######------------------] 1/4 artists, 0 failed, eta 15s")
        progress.finish()
        #expect(capture.text.hasSuffix("eta 15s\r\u{1B}[Klevel=info event=sweep.finished done=1 total=4 failed=0 duration_s=5.0\n"))
        #expect(!capture.text.contains("sweep.progress"))
    }

    @Test func barFormatting() {
        #expect(SweepProgress.bar(done: 0, total: 0, failed: 0, eta: nil) == "[########################] 0/0 artists, 0 failed")
        #expect(
            SweepProgress.bar(done: 200, total: 400, failed: 3, eta: 7_380)
                == "[############------------] 200/400 artists, 3 failed, eta 2h03m")
        #expect(SweepProgress.clock(95) == "1m35s")
        #expect(SweepProgress.clock(45) == "45s")
        #expect(SweepProgress.clock(3_600) == "1h00m")
    }

    // MARK: - Concurrency and the heartbeat

    @Test func concurrentArtistsAreAllCounted() async {
        let progress = progress(total: 200, capture.log())
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { progress.artistFinished(index % 10 == 0 ? Self.failed("A\(index)") : Self.fetched("A\(index)")) }
            }
        }
        progress.finish()
        #expect(capture.lines.last == "level=info event=sweep.finished done=200 total=200 failed=20 duration_s=0.0")
        #expect(capture.lines.filter { $0.contains("artist.failed") }.count == 20)
    }

    /// On the real clock: while the sweep itself says nothing, the heartbeat keeps lines coming.
    @Test func theHeartbeatReportsWhileNoArtistFinishes() async throws {
        let log = capture.log()
        let progress = SweepProgress(total: 3, log: log, interval: .milliseconds(20))
        let capture = capture
        let lines = await progress.reporting {
            var waits = 0
            while capture.lines.filter({ $0.contains("sweep.progress") }).count < 2, waits < 500 {
                try? await Task.sleep(for: .milliseconds(10))
                waits += 1
            }
            return capture.lines
        }
        #expect(lines.first == "level=info event=sweep.started total=3")
        #expect(lines.filter { $0 == "level=info event=sweep.progress done=0 total=3 failed=0" }.count >= 2)
        #expect(capture.lines.last?.hasPrefix("level=info event=sweep.finished done=0 total=3 failed=0") == true)
    }
}
