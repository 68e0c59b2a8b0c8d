import Glibc

/// The fixture server could not start: a socket call failed, or `start()` was called twice.
package struct FixtureServerError: Error, Sendable, CustomStringConvertible {
    package let description: String

    init(operation: String, errno code: Int32) {
        description = "\(operation) failed: \(String(cString: strerror(code)))"
    }

    init(_ description: String) {
        self.description = description
    }
}
