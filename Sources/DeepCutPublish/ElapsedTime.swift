/// Durations and ages as people say them, in the health text and on the page.
enum ElapsedTime {
    /// "41 s", "3 min 12 s", "2 h 5 min", "3 d 4 h"; negative reads as "0 s".
    static func text(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let (days, hours, minutes) = (seconds / 86_400, seconds / 3_600 % 24, seconds / 60 % 60)
        if days > 0 { return "\(days) d \(hours) h" }
        if hours > 0 { return "\(hours) h \(minutes) min" }
        if minutes > 0 { return "\(minutes) min \(seconds % 60) s" }
        return "\(seconds) s"
    }
}
