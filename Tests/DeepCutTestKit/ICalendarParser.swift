import Foundation

/// Reads an iCalendar file with Python's `icalendar` (Debian's `python3-icalendar`, which
/// `scripts/test` installs): a real parser, run as a real process, so `upcoming.ics` is checked by
/// something other than the code that wrote it. A machine without it fails the test, never skips it.
package enum ICalendarParser {
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    /// One VEVENT as the parser read it: property name → value as text (dates as `YYYY-MM-DD`).
    package typealias Event = [String: String]

    /// The calendar's own properties (key `calendar`) and its events, in file order.
    package static func parse(_ data: Data) async throws -> (calendar: [String: String], events: [Event]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-ics-\(UUID().uuidString).ics")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // Debian's python3 first: apt installs `icalendar` for it, whatever python3 the PATH has.
        let result =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
            ? try await ChildProcess.run("/usr/bin/python3", ["-c", script, file.path])
            : try await ChildProcess.run("/usr/bin/env", ["python3", "-c", script, file.path])
        switch result.status {
        case 0: break
        case 3: throw Missing(description: "python3 has no `icalendar` module: run scripts/test (it installs python3-icalendar)")
        default: throw Missing(description: "icalendar could not read the file (exit \(result.status)): \(result.stderrText)")
        }
        let text = result.stdout
        let parsed = try JSONSerialization.jsonObject(with: text) as? [String: Any] ?? [:]
        return (parsed["calendar"] as? [String: String] ?? [:], parsed["events"] as? [[String: String]] ?? [])
    }

    /// Exit 0 with JSON on stdout, 3 without `icalendar`; a file it cannot parse raises (exit 1).
    private static let script = """
        import json, sys
        try:
            import icalendar
        except ImportError:
            sys.exit(3)
        data = open(sys.argv[1], 'rb').read()
        calendar = icalendar.Calendar.from_ical(data)
        def text(value):
            dt = getattr(value, 'dt', None)
            if hasattr(dt, 'isoformat'):
                return dt.isoformat()
            if dt is not None:  # a DURATION (newer icalendar parses REFRESH-INTERVAL): as written
                return value.to_ical().decode()
            return str(value)
        out = {'calendar': {k: text(v) for k, v in calendar.items()}, 'events': []}
        for event in calendar.walk('VEVENT'):
            out['events'].append({k: text(v) for k, v in event.items()})
        if calendar.errors or any(e.errors for e in calendar.walk()):
            sys.exit('parse errors: %r' % [e.errors for e in calendar.walk()])
        print(json.dumps(out))
        """
}
