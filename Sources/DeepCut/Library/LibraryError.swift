/// A library file that cannot be used: exit 65, one line naming the file (and line where it applies).
public struct LibraryError: DeepCutError, Equatable {
    public var message: String
    public var exitCode: ExitCode { .dataError }

    public init(message: String) {
        self.message = message
    }
}
