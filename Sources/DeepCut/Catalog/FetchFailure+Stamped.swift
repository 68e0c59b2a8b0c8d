import DeepCutCore

extension FetchFailure {
    /// The failure as operators read it: which endpoint, how many attempts, on one line.
    func stamped(endpoint: String, attempts: Int) -> FetchFailure {
        let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        return FetchFailure(kind: kind, httpStatus: httpStatus, attempts: attempts,
                            message: "\(endpoint): \(CatalogRequester.oneLine(message)) after \(tries)")
    }
}
