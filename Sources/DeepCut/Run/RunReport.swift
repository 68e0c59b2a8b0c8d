/// What a run tells its caller: the health report written for operators (when one could be
/// written) and the exit code. `stderrLine` is the one line a non-zero exit prints.
public struct RunReport: Sendable {
    public var health: HealthReport?
    public var exitCode: ExitCode
    public var stderrLine: String?

    public init(health: HealthReport?, exitCode: ExitCode, stderrLine: String?) {
        self.health = health
        self.exitCode = exitCode
        self.stderrLine = stderrLine
    }
}
