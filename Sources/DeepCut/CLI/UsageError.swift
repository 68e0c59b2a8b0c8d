import DeepCutCore

/// A command line that cannot be run as written: exit 64, the problem, then the command's usage.
package struct UsageError: DeepCutError, Equatable {
    /// `deepcut sweep: unknown option '--fast'`.
    package var problem: String
    /// `usage: deepcut sweep [--config PATH] [--if-stale]`, one line per form.
    package var usage: String

    package init(problem: String, usage: String) {
        self.problem = problem
        self.usage = usage
    }

    package var exitCode: ExitCode { .usage }
    package var message: String { problem + "\n" + usage }
}
