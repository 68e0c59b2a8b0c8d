/// A catalog file the fixture server cannot serve: unreadable, not JSON of the catalog's shape, or with bad ids.
public struct FixtureCatalogError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let problem: String
    /// Distinguishes "cannot read" from "read but wrong", which map to different exit codes.
    public let isUnreadable: Bool

    public var description: String { "\(file): \(problem)" }
}
