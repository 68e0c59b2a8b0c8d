import DeepCutCore

/// A library source that could not be reached (network, not data): exit 75, try again later.
///
/// Distinct from `LibraryError` (exit 65) so a flaky connection never reads as a malformed library,
/// and the run stops rather than sweeping against half a library.
package struct LibraryUnavailableError: DeepCutError, Equatable {
    /// The classified request failure, for the health report. Its message never carries a token.
    package var failure: FetchFailure
    package var message: String
    package var exitCode: ExitCode { .tempFail }

    package init(failure: FetchFailure, message: String) {
        self.failure = failure
        self.message = message
    }
}
