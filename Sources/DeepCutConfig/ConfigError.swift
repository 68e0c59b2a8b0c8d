import DeepCutCore

/// A configuration problem: exit 78, one line naming the file and the key path (or line and column).
package struct ConfigError: DeepCutError, Equatable {
    package var message: String
    package var exitCode: ExitCode { .config }

    package init(message: String) {
        self.message = message
    }
}
