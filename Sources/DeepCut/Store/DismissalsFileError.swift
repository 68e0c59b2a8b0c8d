/// A dismissals JSON file that cannot be read or does not follow the SPEC's format: exit 65.
public struct DismissalsFileError: DeepCutError {
    public let path: String
    /// What is wrong, with the 1-based item number and field where it applies.
    public let detail: String

    public var exitCode: ExitCode { .dataError }
    public var message: String { "\(path): \(detail)" }
}
