import DeepCutCore
import Synchronization

/// A catalog whose requests carry credentials, so some failures mean "the configuration is wrong"
/// rather than "this artist failed".
///
/// Callers use the `CatalogProvider` extension (`credentialsRefused()`, `credentialsRefused(in:)`),
/// which works for every provider and answers nil for catalogs without credentials.
protocol CredentialedCatalogProvider: CatalogProvider {
    /// The configuration error `failure` stands for when it is the catalog refusing our credentials.
    func authorizationError(for failure: FetchFailure) -> CatalogAuthorizationError?

    /// One cheap request proving the credentials before a sweep spends requests on artists; nil when
    /// they were accepted or the answer says nothing about them (an outage is the sweep's to report).
    func checkCredentials() async -> CatalogAuthorizationError?
}

extension CatalogProvider {
    /// Preflight: the refused-credentials error, found with one request before the sweep; nil when the
    /// credentials were accepted or this catalog needs none. The pipeline throws it (exit 78).
    package func credentialsRefused() async -> CatalogAuthorizationError? {
        guard let credentialed = self as? any CredentialedCatalogProvider else { return nil }
        return await credentialed.checkCredentials()
    }

    /// The refused-credentials error among a finished sweep's failures, if any: such a sweep is a
    /// configuration error (exit 78), not a partial one.
    package func credentialsRefused(in sweep: SweepOutcome) -> CatalogAuthorizationError? {
        guard let credentialed = self as? any CredentialedCatalogProvider else { return nil }
        for result in sweep.results {
            if case .failed(let failure) = result.outcome, let error = credentialed.authorizationError(for: failure) {
                return error
            }
        }
        return nil
    }
}

/// The catalog refused our credentials (HTTP 401 or 403): a configuration problem (exit 78), never a
/// partial sweep, because no artist can succeed until the operator fixes the token.
///
/// The message names the config key to fix and the catalog's own reason, never the credential itself.
package struct CatalogAuthorizationError: DeepCutError, Hashable {
    /// The `catalog.provider` value, e.g. `apple-music`.
    package var provider: String
    /// The config key an operator fixes, e.g. `catalog.tokenFile`.
    package var key: String
    package var httpStatus: Int
    /// The failing request and the catalog's reason, as in the sweep's failure message.
    package var reason: String

    package var exitCode: ExitCode { .config }

    package var message: String {
        "\(key): \(provider) refused the credentials (HTTP \(httpStatus)); renew or fix them: \(reason)"
    }
}

/// Remembers that the catalog refused our credentials during this run, so the rest of the sweep stops
/// sending requests that cannot succeed: with a bad token, one request fails instead of one per artist.
final class CredentialRefusal: Sendable {
    private let refusal = Mutex<FetchFailure?>(nil)

    /// The refusal every later call reports, without a request (`attempts` 0); nil until one happened.
    var failure: FetchFailure? {
        refusal.withLock { $0 }.map { refused in
            FetchFailure(
                kind: refused.kind, httpStatus: refused.httpStatus, attempts: 0,
                message: "not requested: the credentials were refused earlier in this run (\(refused.message))")
        }
    }

    func record(_ failure: FetchFailure) {
        refusal.withLock { if $0 == nil { $0 = failure } }
    }
}
