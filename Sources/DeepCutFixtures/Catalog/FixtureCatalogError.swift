/// A catalog file the fixture server cannot serve: unreadable, not JSON of the catalog's shape, or with bad ids.
package struct FixtureCatalogError: Error, Sendable, CustomStringConvertible {
    package let file: String
    package let problem: String
    /// Distinguishes "cannot read" from "read but wrong", which map to different exit codes.
    package let isUnreadable: Bool

    package var description: String { "\(file): \(problem)" }
}
