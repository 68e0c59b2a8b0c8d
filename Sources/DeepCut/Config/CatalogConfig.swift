import Foundation

/// The config's `catalog` object, defaults applied.
public struct CatalogConfig: Sendable, Hashable {
    public var provider: ProviderKind
    public var baseURL: URL
    public var country: String
    /// Width of the sliding window of artists in flight.
    public var concurrency: Int
    public var requestsPerMinute: Int
    /// Whole seconds (URLSession drops fractions); also the total per-request deadline.
    public var timeoutSeconds: Int
    public var maxAttempts: Int
    /// apple-music: the developer token file (absolute); nil reads `$CREDENTIALS_DIRECTORY/apple-music-token`.
    public var tokenFile: URL?
    /// apple-music: the storefront; nil uses `country`.
    public var storefront: String?
    /// musicbrainz (required there): a URL or e-mail address for the User-Agent MusicBrainz asks for.
    public var contact: String?
    /// Minutes a sweep may run; artists without an answer by then are skipped (partial sweep). nil: no limit.
    public var sweepDeadlineMinutes: Double?
    /// When more than this share (percent) of the previously known artists come back empty or not
    /// found in one run, the catalog is taken as faulty and nothing from the run is believed.
    public var maxVanishedPercent: Int = 20
    /// Seconds one request may spend waiting on "too fast" answers before its artist fails
    /// `rateLimited`; rate-limited retries count against this, not `maxAttempts`.
    public var rateLimitWaitSeconds: Double = 300
    /// Days between two full listings of one artist (iTunes): between them a warm sweep asks only
    /// each artist's newest collections, once the catalog's answers showed that allows it.
    public var fullListingDays: Int = 7

    public init(provider: ProviderKind = .itunes, baseURL: URL? = nil, country: String = "us", concurrency: Int = 4,
                requestsPerMinute: Int? = nil, timeoutSeconds: Int = 20, maxAttempts: Int = 3) {
        self.provider = provider
        self.baseURL = baseURL ?? provider.defaultBaseURL
        self.country = country
        self.concurrency = concurrency
        self.requestsPerMinute = requestsPerMinute ?? provider.defaultRequestsPerMinute
        self.timeoutSeconds = timeoutSeconds
        self.maxAttempts = maxAttempts
    }
}
