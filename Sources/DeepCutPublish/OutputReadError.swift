import DeepCutCore

/// An output file we wrote earlier (snapshot, baseline, health report) exists but cannot be used.
/// Our own output gone bad is corrupt state (exit 74): it is reported and left exactly as found,
/// never repaired or overwritten silently.
package struct OutputReadError: DeepCutError, Equatable {
    let path: String
    let reason: String

    package var exitCode: ExitCode { .ioError }
    package var message: String { "\(path) is unreadable (\(reason)); it is left as found: move it aside to start afresh" }

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
