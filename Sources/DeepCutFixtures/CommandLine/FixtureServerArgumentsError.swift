/// A bad `deepcut-fixture-server` command line; the executable prints it and exits 64.
package struct FixtureServerArgumentsError: Error, Sendable, Hashable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
