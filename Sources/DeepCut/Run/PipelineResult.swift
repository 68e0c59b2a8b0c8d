import DeepCutCore
import DeepCutLibrary
import DeepCutPublish
import DeepCutState
import DeepCutSweep
import Foundation

/// What a run tells its caller: the health report written for operators (when one could be
/// written) and the exit code. `stderrLine` is the one line a non-zero exit prints.
struct PipelineResult: Sendable {
    package var health: HealthReport?
    package var exitCode: ExitCode
    package var stderrLine: String?
    /// An `--if-stale` skip: `health` is the last real run's report, with `lastSkip` added.
    package var skipped = false

    package init(health: HealthReport?, exitCode: ExitCode, stderrLine: String?) {
        self.health = health
        self.exitCode = exitCode
        self.stderrLine = stderrLine
    }
}
