/// One positional argument of a command, matched in declaration order.
public struct CommandArgument: Sendable, Hashable {
    /// As usage shows it: `ID`, `FILE`.
    public var name: String
    public var help: String
    public var isRequired: Bool

    public init(_ name: String, help: String, isRequired: Bool = true) {
        self.name = name
        self.help = help
        self.isRequired = isRequired
    }
}
