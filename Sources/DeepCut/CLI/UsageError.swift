/// A command line that cannot be run as written: exit 64, the problem, then the command's usage.
public struct UsageError: DeepCutError, Equatable {
    /// `deepcut sweep: unknown option '--fast'`.
    public var problem: String
    /// `usage: deepcut sweep [--config PATH] [--if-stale]`, one line per form.
    public var usage: String

    public init(problem: String, usage: String) {
        self.problem = problem
        self.usage = usage
    }

    public var exitCode: ExitCode { .usage }
    public var message: String { problem + "\n" + usage }
}
