import DeepCutCore
import DeepCutPublish

/// What a run tells its caller: the health report written for operators (when one could be
/// written) and the exit code. `stderrLine` is the one line a non-zero exit prints.
package struct RunReport: Sendable {
    package var health: HealthReport?
    package var exitCode: ExitCode
    package var stderrLine: String?

    package init(health: HealthReport?, exitCode: ExitCode, stderrLine: String?) {
        self.health = health
        self.exitCode = exitCode
        self.stderrLine = stderrLine
    }
}
