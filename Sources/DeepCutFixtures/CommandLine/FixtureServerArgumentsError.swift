/// A bad `deepcut-fixture-server` command line; the executable prints it and exits 64.
public struct FixtureServerArgumentsError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
