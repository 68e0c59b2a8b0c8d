import DeepCutCore

/// A dismissals JSON file that cannot be read or does not follow the SPEC's format: exit 65.
package struct DismissalsFileError: DeepCutError {
    package let path: String
    /// What is wrong, with the 1-based item number and field where it applies.
    package let detail: String

    package var exitCode: ExitCode { .dataError }
    package var message: String { "\(path): \(detail)" }
}
