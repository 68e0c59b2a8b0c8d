/// One positional argument of a command, matched in declaration order.
package struct CommandArgument: Sendable, Hashable {
    /// As usage shows it: `ID`, `FILE`.
    package var name: String
    package var help: String
    package var isRequired: Bool

    package init(_ name: String, help: String, isRequired: Bool = true) {
        self.name = name
        self.help = help
        self.isRequired = isRequired
    }
}
