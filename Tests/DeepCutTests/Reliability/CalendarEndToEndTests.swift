import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut

/// Issue 20, `upcoming.ics`, through the real binary and read back by Python's `icalendar`: an
/// announced release gets an all-day event; its date moving keeps the UID and bumps SEQUENCE; a
/// withdrawn one is CANCELLED; a partial run leaves an unchecked artist's event alone; a failed run
/// touches nothing; a dismissal cancels at once; the page links the calendar.
@Suite struct CalendarEndToEndTests {
    static func artists(bonoboUpcoming: Int?, polyphiaUpcoming: Int?) -> [FixtureArtist] {
        var artists = SweepHarness.artists
        if let days = bonoboUpcoming { artists[1].releases.append(SweepHarness.release("1013", "Fragments, Part II", daysAgo: -days)) }
        if let days = polyphiaUpcoming {
            artists[2].releases.append(SweepHarness.release("1023", "Remember That You Will Die", daysAgo: -days))
        }
        return artists
    }

    static func day(_ daysAhead: Int) -> String {
        ReleaseDate(epochDay: SweepHarness.today + daysAhead).description
    }

    static func events(_ harness: SweepHarness) async throws -> [String: ICalendarParser.Event] {
        let data = try Data(contentsOf: harness.feed.appendingPathComponent("upcoming.ics"))
        let parsed = try await ICalendarParser.parse(data)
        #expect(parsed.calendar["METHOD"] == "PUBLISH")
        #expect(parsed.calendar["REFRESH-INTERVAL"] == "PT1H" && parsed.calendar["X-PUBLISHED-TTL"] == "PT1H")
        return Dictionary(parsed.events.map { ($0["UID"]?.components(separatedBy: ".").first ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func announcedMovedWithdrawnAndAPartialRunThatLeavesAnUncheckedArtistAlone() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness(artists: Self.artists(bonoboUpcoming: 30, polyphiaUpcoming: 60))
        #expect(try await harness.sweep().status == 0)
        let announced = try await Self.events(harness)
        #expect(announced.keys.sorted() == ["1013", "1023"])
        let bonobo = try #require(announced["1013"])
        #expect(bonobo["SUMMARY"] == "Bonobo — Fragments, Part II")
        #expect(bonobo["DTSTART"] == Self.day(30))
        #expect(bonobo["DTEND"] == Self.day(31))
        #expect(bonobo["SEQUENCE"] == "0" && bonobo["STATUS"] == "CONFIRMED")
        let uid = try #require(bonobo["UID"])
        // No publish.baseURL: only the relative link (webcal: has no relative form).
        let page = try StateChangeEndToEndTests.page(harness)
        #expect(page.contains("href=\"upcoming.ics\"") && !page.contains("webcal:"))

        // The date moves: same UID, SEQUENCE 1.
        try await harness.replaceCatalog(Self.artists(bonoboUpcoming: 40, polyphiaUpcoming: 60))
        #expect(await harness.sweepInProcess().status == 0)
        let moved = try #require(try await Self.events(harness)["1013"])
        #expect(moved["UID"] == uid)
        #expect(moved["DTSTART"] == Self.day(40))
        #expect(moved["SEQUENCE"] == "1" && moved["STATUS"] == "CONFIRMED")
        let polyphia = try #require(try await Self.events(harness)["1023"])

        // Both withdrawn, but Polyphia does not answer: Bonobo's is cancelled, Polyphia's left as it was.
        try await harness.replaceCatalog(Self.artists(bonoboUpcoming: nil, polyphiaUpcoming: nil))
        harness.fail("103", with: Fault(.status(code: 502, body: nil), on: .lookup))
        #expect(await harness.sweepInProcess().status == 3)
        let partial = try await Self.events(harness)
        #expect(partial["1013"]?["UID"] == uid)
        #expect(partial["1013"]?["STATUS"] == "CANCELLED" && partial["1013"]?["SEQUENCE"] == "2")
        #expect(partial["1013"]?["SUMMARY"] == "Cancelled: Bonobo — Fragments, Part II")
        #expect(partial["1023"] == polyphia, "an unchecked artist's event is left alone")

        // A failed run touches nothing.
        let before = try Data(contentsOf: harness.feed.appendingPathComponent("upcoming.ics"))
        await harness.server.stop()
        #expect(await harness.sweepInProcess().status == 75)
        #expect(try Data(contentsOf: harness.feed.appendingPathComponent("upcoming.ics")) == before)

        // Dismissing the unchecked artist's upcoming release is a definite answer: cancelled at once.
        let dismissed = try await harness.deepcut("dismiss", "1023")
        #expect(dismissed.status == 0, "\(dismissed.stderr)")
        let afterDismiss = try await Self.events(harness)
        #expect(afterDismiss["1023"]?["STATUS"] == "CANCELLED" && afterDismiss["1023"]?["SEQUENCE"] == "1")
        #expect(afterDismiss["1023"]?["UID"] == polyphia["UID"])
        #expect(afterDismiss["1013"] == partial["1013"])
    }

    /// With publish.baseURL the page offers the webcal:// subscription and the https address beside it.
    @Test func withABaseURLThePageLinksWebcalAndHttps() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness(
            artists: Self.artists(bonoboUpcoming: 30, polyphiaUpcoming: nil),
            config: ["publish": #"{"baseURL": "https://music.example.org/deepcut/"}"#])
        #expect(try await harness.sweep().status == 0)
        let page = try StateChangeEndToEndTests.page(harness)
        #expect(
            page.contains(
                #"<a href="webcal://music.example.org/deepcut/upcoming.ics" type="text/calendar">Subscribe to the calendar</a>"#
                    + #"<a href="https://music.example.org/deepcut/upcoming.ics" type="text/calendar">Calendar (https)</a>"#),
            "\(page)")
    }

    @Test func muteCancelsAnUpcomingReleaseAndUnmuteWithASweepConfirmsItAgain() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness(artists: Self.artists(bonoboUpcoming: 30, polyphiaUpcoming: nil))
        #expect(try await harness.sweep().status == 0)
        #expect(try await Self.events(harness)["1013"]?["STATUS"] == "CONFIRMED")
        #expect(try await harness.deepcut("mute", "Bonobo").status == 0)
        #expect(try await Self.events(harness)["1013"]?["STATUS"] == "CANCELLED")
        #expect(try await harness.deepcut("unmute", "Bonobo").status == 0)
        #expect(await harness.sweepInProcess("--if-stale").status == 0)
        let back = try #require(try await Self.events(harness)["1013"])
        #expect(back["STATUS"] == "CONFIRMED" && back["SEQUENCE"] == "2")
    }
}
