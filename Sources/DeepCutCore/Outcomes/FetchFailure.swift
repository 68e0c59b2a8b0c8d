/// A definite failure to get one artist's answer, after retries.
public struct FetchFailure: Error, Sendable, Hashable, Codable {
    public var kind: FailureKind
    /// The last HTTP status seen, when the server answered at all.
    public var httpStatus: Int?
    /// How many requests were tried for the failing call.
    public var attempts: Int
    /// One line for operators. Never carries a token.
    public var message: String

    public init(kind: FailureKind, httpStatus: Int? = nil, attempts: Int, message: String) {
        self.kind = kind
        self.httpStatus = httpStatus
        self.attempts = attempts
        self.message = message
    }
}
