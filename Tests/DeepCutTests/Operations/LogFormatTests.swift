import Testing

@testable import DeepCut
@testable import DeepCutCore

/// Where stderr goes decides the format, and whether the run's cause is an event or a human line;
/// `--log-format` overrides the format. Whatever is chosen, the cause is said once.
@Suite struct LogFormatTests {
    private let capture = LogCapture()

    // MARK: - Choosing

    @Test func aTerminalGetsHumanLinesTheBarAndTheCauseAsAHumanLine() {
        let destination = LogDestination.resolve(explicit: nil, isJournal: false, isTerminal: true)
        #expect(destination == LogDestination(format: .human, prefixesPriority: false, isInteractive: true, logsCause: false))
    }

    @Test func theJournalGetsLogfmtWithPrioritiesAndTheCauseAsAnEvent() {
        let destination = LogDestination.resolve(explicit: nil, isJournal: true, isTerminal: false)
        #expect(destination == LogDestination(format: .logfmt, prefixesPriority: true, isInteractive: false, logsCause: true))
    }

    /// A pipe, a file, cron's mail: logfmt events, then the SPEC's one human line naming the cause.
    @Test func aPipeGetsLogfmtEventsAndTheCauseAsAHumanLine() {
        let destination = LogDestination.resolve(explicit: nil, isJournal: false, isTerminal: false)
        #expect(destination == LogDestination(format: .logfmt, prefixesPriority: false, isInteractive: false, logsCause: false))
    }

    @Test func logFormatLogfmtIsLogfmtOnlyEvenOnATerminal() {
        for isTerminal in [true, false] {
            let destination = LogDestination.resolve(explicit: .logfmt, isJournal: false, isTerminal: isTerminal)
            #expect(destination == LogDestination(format: .logfmt, prefixesPriority: false, isInteractive: false, logsCause: true))
        }
    }

    @Test func logFormatHumanOnTheJournalKeepsThePriorities() {
        let destination = LogDestination.resolve(explicit: .human, isJournal: true, isTerminal: false)
        #expect(destination == LogDestination(format: .human, prefixesPriority: true, isInteractive: false, logsCause: false))
    }

    // MARK: - Human lines

    @Test func anEventIsOneSentenceWithItsMessageThenItsDetails() {
        let log = capture.log(format: .human)
        log.warning(
            "artist.failed",
            ["artist": "Bon Iver", "kind": "timeout", "http_status": nil as Int?, "attempts": 3, "message": "no answer in 20 s"])
        log.info("sweep.started", ["total": 12])
        log.info("artist.notFound", ["artist": "Nobody"])
        #expect(
            capture.lines == [
                "warning: artist failed: no answer in 20 s (artist: Bon Iver, kind: timeout, attempts: 3)",
                "sweep started (total: 12)",
                "artist not found (artist: Nobody)"
            ])
    }

    @Test func levelsOtherThanInfoLeadTheLineAndJournalPrioritiesStay() {
        let log = capture.log(.verbose, journal: true, format: .human)
        log.debug("one")
        log.info("two")
        log.warning("three")
        log.error("four")
        #expect(capture.lines == ["<7>debug: one", "<6>two", "<4>warning: three", "<3>error: four"])
    }

    /// Catalog text cannot break the line or drive the terminal.
    @Test func hostileValuesStayOnOneLineWithoutEscapes() {
        let log = capture.log(format: .human)
        log.warning("artist.failed", ["artist": "Evil\nBand\u{2028}\u{1B}[31mred\u{202E}x\r\t\u{85}end"])
        #expect(capture.lines == ["warning: artist failed (artist: Evil Band redx   end)"])
    }

    @Test func theStatusLineIsClearedAndRedrawnAroundHumanLinesToo() {
        let log = capture.log(interactive: true, format: .human)
        log.showStatus("[##--] 1/2")
        log.warning("artist.failed", ["artist": "A"])
        #expect(capture.text == "\r\u{1B}[K[##--] 1/2" + "\r\u{1B}[Kwarning: artist failed (artist: A)\n[##--] 1/2")
    }

    @Test func theSilentLogLeavesTheCauseToTheConsole() {
        #expect(!EventLog.silent.logsCause)
    }
}
