import Foundation

extension Date {
    /// Days since 1970-01-01 in UTC: the Diff's notion of "today".
    var epochDay: Int { Int((timeIntervalSince1970 / 86_400).rounded(.down)) }
}
