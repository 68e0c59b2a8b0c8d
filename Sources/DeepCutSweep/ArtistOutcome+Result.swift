import DeepCutCore

extension ArtistOutcome {
    /// A release fetch's answer as an outcome: the releases, or the failure (never an empty list).
    init(_ result: Result<[Release], FetchFailure>) {
        switch result {
        case .success(let releases): self = .fetched(releases)
        case .failure(let failure): self = .failed(failure)
        }
    }
}
