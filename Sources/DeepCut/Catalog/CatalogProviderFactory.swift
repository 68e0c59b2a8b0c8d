import Foundation

/// Builds the configured catalog provider over a shared HTTP client.
///
/// The one place that knows which `ProviderKind` maps to which provider type, so the pipeline,
/// `more-from` and tests build providers the same way.
enum CatalogProviderFactory {
    static func make(_ catalog: CatalogConfig, client: any HTTPClient) throws -> any CatalogProvider {
        let requester = CatalogRequester(client: client, policy: RetryPolicy(maxAttempts: catalog.maxAttempts),
                                         timeoutSeconds: catalog.timeoutSeconds,
                                         limiter: RateLimiter(requestsPerMinute: catalog.requestsPerMinute))
        switch catalog.provider {
        case .itunes:
            return ITunesProvider(baseURL: catalog.baseURL, country: catalog.country, requester: requester)
        case .appleMusic, .musicbrainz:
            throw ConfigError(message: "catalog.provider: '\(catalog.provider.rawValue)' is not supported yet")
        }
    }
}
