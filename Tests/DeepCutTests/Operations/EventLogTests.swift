import Foundation
import Synchronization
import Testing

@testable import DeepCut
@testable import DeepCutCore
@testable import DeepCutSweep

@Suite struct EventLogTests {
    private let capture = LogCapture()

    private func logEveryLevel(_ log: EventLog) {
        log.debug("one")
        log.info("two")
        log.warning("three")
        log.error("four")
    }

    // MARK: - Format

    @Test func oneLogfmtLinePerEvent() {
        let log = capture.log()
        log.warning(
            "artist.failed",
            [
                "artist": "Bon Iver", "kind": "timeout", "http_status": nil as Int?, "attempts": 3,
                "message": "no answer in 20 s\nafter \"retries\""
            ])
        #expect(
            capture.text
                == #"level=warning event=artist.failed artist="Bon Iver" kind=timeout attempts=3 message="no answer in 20 s\nafter \"retries\"""#
                + "\n")
    }

    @Test func optionalValuesArePrintedWhenPresent() {
        let status: Int? = 503
        capture.log().warning("artist.failed", ["http_status": status])
        #expect(capture.lines == ["level=warning event=artist.failed http_status=503"])
    }

    // MARK: - Writing off the pool

    /// stderr's log: a writer stuck on its first chunk (a stalled journal stream) holds neither the
    /// events logged after it nor their order; `flush` returns once all of them are written.
    @Test(.timeLimit(.minutes(1))) func aStalledWriterHoldsNoLoggerAndFlushWritesEveryLineInOrder() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (stall, release) = (ends[0], ends[1])
        let written = Mutex<[String]>([])
        let log = EventLog.queued(minimumLevel: .info, prefixesPriority: false, isInteractive: false) { text in
            if written.withLock({ $0.isEmpty }) {
                var byte: UInt8 = 0
                _ = read(stall, &byte, 1)
            }
            written.withLock { $0.append(text) }
        }
        for number in 1...50 { log.info("event", ["n": number]) }
        var byte: UInt8 = 1
        _ = write(release, &byte, 1)
        await log.flush()
        close(stall)
        close(release)
        #expect(written.withLock { $0 } == (1...50).map { "level=info event=event n=\($0)\n" })
    }

    // MARK: - Levels

    @Test func normalShowsInfoAndUp() {
        logEveryLevel(capture.log(.normal))
        #expect(capture.lines == ["level=info event=two", "level=warning event=three", "level=error event=four"])
    }

    @Test func quietShowsWarningsAndErrorsOnly() {
        logEveryLevel(capture.log(.quiet))
        #expect(capture.lines == ["level=warning event=three", "level=error event=four"])
    }

    @Test func verboseShowsDebug() {
        logEveryLevel(capture.log(.verbose))
        #expect(capture.lines.count == 4)
        #expect(capture.lines.first == "level=debug event=one")
    }

    @Test func verbosityFromFlags() {
        #expect(LogVerbosity(verbose: false, quiet: false) == .normal)
        #expect(LogVerbosity(verbose: true, quiet: false) == .verbose)
        #expect(LogVerbosity(verbose: false, quiet: true) == .quiet)
        #expect(LogVerbosity(verbose: true, quiet: true) == .verbose)
    }

    // MARK: - Journal priorities

    @Test func journalLinesCarrySyslogPriorities() {
        logEveryLevel(capture.log(.verbose, journal: true))
        #expect(
            capture.lines == [
                "<7>level=debug event=one", "<6>level=info event=two",
                "<4>level=warning event=three", "<3>level=error event=four"
            ])
    }

    // MARK: - Status line

    @Test func eventsClearAndRedrawTheStatusLine() {
        let log = capture.log(interactive: true)
        log.showStatus("[##--] 1/2")
        log.warning("artist.failed")
        log.clearStatus()
        log.clearStatus()
        #expect(capture.text == "\r\u{1B}[K[##--] 1/2" + "\r\u{1B}[Klevel=warning event=artist.failed\n[##--] 1/2" + "\r\u{1B}[K")
    }

    @Test func nonInteractiveLogsNeverDrawAStatus() {
        let log = capture.log(interactive: false)
        log.showStatus("[##--] 1/2")
        log.clearStatus()
        #expect(capture.text.isEmpty)
    }
}
