/// A definite failure to get one artist's answer, after retries.
package struct FetchFailure: Error, Sendable, Hashable, Codable {
    package var kind: FailureKind
    /// The last HTTP status seen, when the server answered at all.
    package var httpStatus: Int?
    /// How many requests were tried for the failing call.
    package var attempts: Int
    /// One line for operators. Never carries a token.
    package var message: String

    package init(kind: FailureKind, httpStatus: Int? = nil, attempts: Int, message: String) {
        self.kind = kind
        self.httpStatus = httpStatus
        self.attempts = attempts
        self.message = message
    }
}
