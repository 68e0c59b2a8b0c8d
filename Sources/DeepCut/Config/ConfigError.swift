/// A configuration problem: exit 78, one line naming the file and the key path (or line and column).
public struct ConfigError: DeepCutError, Equatable {
    public var message: String
    public var exitCode: ExitCode { .config }

    public init(message: String) {
        self.message = message
    }
}
