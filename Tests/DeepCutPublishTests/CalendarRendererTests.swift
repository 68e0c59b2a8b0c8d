import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutPublish

/// Issue 20: `upcoming.ics` as RFC 5545 asks (CRLF, escaping, folding at 75 octets without
/// splitting UTF-8), read back by a real parser (Python `icalendar`).
@Suite struct CalendarRendererTests {
    static let created = Date(timeIntervalSince1970: 1_795_953_641)

    static func event(
        _ id: String, title: String, artist: String = "Bonobo", date: String = "2027-01-15", sequence: Int = 0,
        status: CalendarEvent.Status = .confirmed, url: String? = "https://music.example/album/1"
    ) -> CalendarEvent {
        CalendarEvent(
            uid: UpcomingCalendar.uid(releaseID: id, provider: "itunes", installID: "abc"), releaseID: id, title: title, artist: artist,
            type: .album, date: ReleaseDate(iso: date)!, url: url, sequence: sequence, status: status, createdAt: created,
            changedAt: created.addingTimeInterval(60))
    }

    static let hostile = event(
        "7", title: "Fragments, Part 1; \\ Live\nat \"Home\" — " + String(repeating: "ü", count: 40) + " 🎧🎧🎧 end",
        artist: "Bonobo, Jordan Rakei")

    @Test func linesEndInCRLFAreFoldedAt75OctetsAndNeverSplitAUTF8Character() throws {
        let text = CalendarRenderer.render([Self.hostile])
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let bytes = Array(text.utf8)
        // Every LF is part of a CRLF, and no CR stands alone.
        for (index, byte) in bytes.enumerated() where byte == 0x0A { #expect(index > 0 && bytes[index - 1] == 0x0D) }
        for (index, byte) in bytes.enumerated() where byte == 0x0D { #expect(index + 1 < bytes.count && bytes[index + 1] == 0x0A) }
        let lines = text.components(separatedBy: "\r\n").dropLast()
        for line in lines {
            #expect(line.utf8.count <= 75, "\(line)")
            // Each physical line is whole UTF-8 on its own.
            #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
        }
        #expect(lines.contains { $0.hasPrefix(" ") }, "the long SUMMARY was folded")
        // Unfolding gives the escaped value back.
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(
            unfolded.contains(
                "SUMMARY:Bonobo\\, Jordan Rakei — Fragments\\, Part 1\\; \\\\ Live\\nat \"Home\" — " + String(repeating: "ü", count: 40)
                    + " 🎧🎧🎧 end\r\n"))
    }

    @Test func escapesTextAndFoldsAtScalarBoundaries() {
        #expect(CalendarRenderer.text("a,b;c\\d\ne\r\nf\u{7}g") == "a\\,b\\;c\\\\d\\ne\\nfg")
        let line = "SUMMARY:" + String(repeating: "é", count: 60)
        let folded = CalendarRenderer.fold(line)
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
        #expect(folded.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(CalendarRenderer.fold("SHORT:x") == "SHORT:x")
    }

    @Test func aRealParserReadsEveryPropertyBack() async throws {
        let cancelled = Self.event("8", title: "Gone", date: "2027-02-28", sequence: 2, status: .cancelled, url: nil)
        let data = Data(CalendarRenderer.render([Self.hostile, cancelled]).utf8)
        let (calendar, events) = try await ICalendarParser.parse(data)
        #expect(calendar["VERSION"] == "2.0")
        #expect(calendar["METHOD"] == "PUBLISH")
        #expect(calendar["CALSCALE"] == "GREGORIAN")
        #expect(calendar["PRODID"] == "-//Deep Cut Atlas//deepcut//EN")
        #expect(calendar["X-WR-CALNAME"] == "Deep Cut Atlas — upcoming releases")
        // RFC 7986 §5.7, and the older property for the clients that predate it: refresh hourly.
        #expect(calendar["REFRESH-INTERVAL"] == "PT1H")
        #expect(calendar["X-PUBLISHED-TTL"] == "PT1H")
        try #require(events.count == 2)
        let first = events[0]
        #expect(first["UID"] == "7.itunes.abc@deepcut.atlas")
        #expect(first["DTSTART"] == "2027-01-15")
        #expect(first["DTEND"] == "2027-01-16")
        #expect(first["SUMMARY"] == "Bonobo, Jordan Rakei — " + Self.hostile.title)
        #expect(first["URL"] == "https://music.example/album/1")
        #expect(first["SEQUENCE"] == "0")
        #expect(first["STATUS"] == "CONFIRMED")
        #expect(first["DTSTAMP"] == "2026-11-29T12:01:41+00:00")
        #expect(first["LAST-MODIFIED"] == "2026-11-29T12:01:41+00:00")
        #expect(first["DESCRIPTION"]?.hasPrefix("album by Bonobo, Jordan Rakei, out 2027-01-15.") == true)
        let second = events[1]
        #expect(second["STATUS"] == "CANCELLED")
        #expect(second["SUMMARY"] == "Cancelled: Bonobo — Gone", "for clients that ignore STATUS")
        #expect(second["SEQUENCE"] == "2")
        #expect(second["DTEND"] == "2027-03-01")
        #expect(second["URL"] == nil)
    }

    /// The refresh properties are calendar properties, with the duration's value type, once.
    @Test func theRefreshIntervalIsACalendarPropertyBeforeTheEvents() {
        let lines = CalendarRenderer.render([Self.event("1", title: "X")]).components(separatedBy: "\r\n")
        let firstEvent = lines.firstIndex(of: "BEGIN:VEVENT") ?? 0
        #expect(lines.firstIndex(of: "REFRESH-INTERVAL;VALUE=DURATION:PT1H").map { $0 < firstEvent } == true)
        #expect(lines.firstIndex(of: "X-PUBLISHED-TTL:PT1H").map { $0 < firstEvent } == true)
        #expect(lines.filter { $0.hasPrefix("REFRESH-INTERVAL") }.count == 1)
    }

    /// Line and paragraph separators, NEL and bidi controls in a name never reach a content line.
    @Test func separatorsAndBidiControlsAreCleanedFromEveryValue() async throws {
        let event = Self.event("9", title: "Part I\u{2028}Part II\u{2029}\u{202E}End\u{85}", artist: "Art\u{2028}ist")
        let text = CalendarRenderer.render([event])
        #expect(!text.unicodeScalars.contains { [0x2028, 0x2029, 0x85, 0x202E].contains($0.value) })
        let parsed = try #require(try await ICalendarParser.parse(Data(text.utf8)).events.first)
        #expect(parsed["SUMMARY"] == "Art ist — Part I Part II End")
        #expect(parsed["DESCRIPTION"]?.hasPrefix("album by Art ist, out 2027-01-15.") == true)
    }

    @Test func anEmptyCalendarIsStillACalendar() async throws {
        let (calendar, events) = try await ICalendarParser.parse(Data(CalendarRenderer.render([]).utf8))
        #expect(calendar["METHOD"] == "PUBLISH")
        #expect(events.isEmpty)
    }
}
