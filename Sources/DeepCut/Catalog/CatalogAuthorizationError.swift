/// The catalog refused our credentials (HTTP 401 or 403): a configuration problem (exit 78), never a
/// partial sweep, because no artist can succeed until the operator fixes the token.
///
/// The message names the config key to fix and the catalog's own reason, never the credential itself.
public struct CatalogAuthorizationError: DeepCutError, Hashable {
    /// The `catalog.provider` value, e.g. `apple-music`.
    public var provider: String
    /// The config key an operator fixes, e.g. `catalog.tokenFile`.
    public var key: String
    public var httpStatus: Int
    /// The failing request and the catalog's reason, as in the sweep's failure message.
    public var reason: String

    public var exitCode: ExitCode { .config }

    public var message: String {
        "\(key): \(provider) refused the credentials (HTTP \(httpStatus)); renew or fix them: \(reason)"
    }
}
