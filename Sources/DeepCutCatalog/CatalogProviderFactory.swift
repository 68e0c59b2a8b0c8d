import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import Foundation

/// Builds the configured catalog provider over a shared HTTP client.
///
/// The one place that knows which `ProviderKind` maps to which provider type, so the pipeline,
/// `more-from` and tests build providers the same way.
package enum CatalogProviderFactory {
    /// - Parameter environment: where the apple-music token's systemd credential folder
    ///   (`CREDENTIALS_DIRECTORY`) is looked up.
    ///   - coverageNeeded: the oldest release date the feed can show; a capped listing that does not
    ///     reach back to it is asked for more deeply where the catalog allows.
    ///   - limiter: paces every request; nil builds one at `requestsPerMinute`.
    ///   - traits: how a multi-id lookup counts `limit` and whether the sort is honoured, as far as
    ///     earlier runs learned it; this run's answers add to it.
    ///   - newestSuffices: artist ids whose newest collections suffice this run (warm, full listing not due).
    ///   - listingSizes: releases remembered per artist id, so a batch puts the longest listings last.
    ///   - newestKnown: the newest release remembered per artist id, which a cut answer must hold.
    ///   - addedSince: MusicBrainz: per artist id whose newest releases suffice, the first-release date a
    ///     search for its additions reaches back to (`MusicBrainzProvider.listings(ofEach:)`).
    ///   - types: what the feed wants (`feed.types`): Apple Music reads an artist's extra views only when they matter.
    ///   - readsEvidence: MusicBrainz browses releases rather than release groups, for their barcodes and
    ///     Apple album links (merge evidence, worth it only beside a store source); other providers read
    ///     their evidence (Apple Music's `upc`) at no cost either way.
    /// - Throws: `ConfigError` (exit 78) when the provider's credentials are missing or unreadable.
    package static func make(
        _ catalog: CatalogConfig, client: any HTTPClient,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        coverageNeeded: ReleaseDate? = nil, limiter: RateLimiter? = nil,
        traits: CatalogTraits = CatalogTraits(), newestSuffices: Set<String> = [],
        listingSizes: [String: Int] = [:], newestKnown: [String: String] = [:], addedSince: [String: ReleaseDate] = [:],
        types: TypeSelection = .standard,
        readsEvidence: Bool = false
    ) throws -> any CatalogProvider {
        let budget = Duration.milliseconds(Int64((catalog.rateLimitWaitSeconds * 1000).rounded()))
        let requester = CatalogRequester(
            client: client, policy: RetryPolicy(maxAttempts: catalog.maxAttempts, rateLimitBudget: budget),
            timeoutSeconds: catalog.timeoutSeconds,
            limiter: limiter ?? RateLimiter(requestsPerMinute: catalog.requestsPerMinute))
        switch catalog.provider {
        case .itunes:
            return ITunesProvider(
                baseURL: catalog.baseURL, country: catalog.country, requester: requester,
                coverageNeeded: coverageNeeded, traits: traits, newestSuffices: newestSuffices,
                listingSizes: listingSizes, newestKnown: newestKnown)
        case .appleMusic:
            let token = try AppleMusicToken.load(tokenFile: catalog.tokenFile, environment: environment)
            return AppleMusicProvider(
                baseURL: catalog.baseURL, storefront: catalog.storefront ?? catalog.country,
                token: token, requester: requester, types: types)
        case .musicbrainz:
            guard let contact = catalog.contact else {
                throw ConfigError(message: "catalog.contact: the musicbrainz provider needs a contact (URL or e-mail) for its User-Agent")
            }
            return MusicBrainzProvider(
                baseURL: catalog.baseURL, contact: contact, requester: requester, readsEvidence: readsEvidence,
                addedSince: addedSince)
        }
    }
}
