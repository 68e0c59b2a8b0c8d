import DeepCutCore

extension FetchFailure {
    /// The failure as operators read it: which endpoint, how many attempts, on one line.
    /// - Parameter waited: set when the request gave up after waiting out its rate-limit budget.
    func stamped(endpoint: String, attempts: Int, waited: Duration? = nil) -> FetchFailure {
        let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        let budget = waited.map { ", \($0.components.seconds) s of rate-limit waits" } ?? ""
        return FetchFailure(kind: kind, httpStatus: httpStatus, attempts: attempts,
                            message: "\(endpoint): \(CatalogRequester.oneLine(message)) after \(tries)\(budget)")
    }
}
