import DeepCutCore

/// A command that could not do what was asked, for a reason that is neither usage nor config:
/// one stderr line and an exit code.
struct CommandFailure: DeepCutError {
    var exitCode: ExitCode
    var message: String
}
