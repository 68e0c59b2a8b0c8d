/// An error a user or operator must act on: one line on stderr and the SPEC's exit code.
///
/// Every module's user-facing errors conform, so the CLI maps them in one place and never
/// prints a stack trace. `message` names the file, line or key where it applies and never a secret.
package protocol DeepCutError: Error, Sendable {
    var exitCode: ExitCode { get }
    var message: String { get }
}
