import DeepCutCore

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
