import DeepCutCore

/// The one place a sweep's exit code is decided (SPEC "Exit codes of deepcut sweep").
enum ExitStatus {
    /// complete or skipped → 0, partial → 3, failed → 75.
    static func of(_ status: RunStatus) -> ExitCode {
        switch status {
        case .complete, .skipped: .success
        case .partial: .partial
        case .failed: .tempFail
        }
    }
}
