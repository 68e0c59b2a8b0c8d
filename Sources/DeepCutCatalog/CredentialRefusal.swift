import DeepCutCore
import Synchronization

/// Remembers that the catalog refused our credentials during this run, so the rest of the sweep stops
/// sending requests that cannot succeed: with a bad token, one request fails instead of one per artist.
final class CredentialRefusal: Sendable {
    private let refusal = Mutex<FetchFailure?>(nil)

    /// The refusal every later call reports, without a request (`attempts` 0); nil until one happened.
    var failure: FetchFailure? {
        refusal.withLock { $0 }.map { refused in
            FetchFailure(kind: refused.kind, httpStatus: refused.httpStatus, attempts: 0,
                         message: "not requested: the credentials were refused earlier in this run (\(refused.message))")
        }
    }

    func record(_ failure: FetchFailure) {
        refusal.withLock { if $0 == nil { $0 = failure } }
    }
}
