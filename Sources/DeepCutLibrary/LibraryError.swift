import DeepCutCore

/// A library file that cannot be used: exit 65, one line naming the file (and line where it applies).
package struct LibraryError: DeepCutError, Equatable {
    package var message: String
    package var exitCode: ExitCode { .dataError }

    package init(message: String) {
        self.message = message
    }
}
