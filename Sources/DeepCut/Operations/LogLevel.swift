/// How much an event matters. The order is the filter order: `--quiet` keeps `warning` and up.
package enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug
    case info
    case warning
    case error

    /// The `level=` value.
    var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// syslog(3) priority, which journald reads from a `<N>` line prefix.
    var syslogPriority: Int {
        switch self {
        case .debug: 7
        case .info: 6
        case .warning: 4
        case .error: 3
        }
    }

    package static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
