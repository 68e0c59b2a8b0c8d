import Foundation

/// The config's `catalog` object, defaults applied.
package struct CatalogConfig: Sendable, Hashable {
    package var provider: ProviderKind
    package var baseURL: URL
    package var country: String
    /// Width of the sliding window of artists in flight.
    package var concurrency: Int
    package var requestsPerMinute: Int
    /// Whole seconds: the total deadline of one request, redirects included (libcurl's `CURLOPT_TIMEOUT_MS`).
    package var timeoutSeconds: Int
    package var maxAttempts: Int
    /// apple-music: the developer token file (absolute); nil reads `$CREDENTIALS_DIRECTORY/apple-music-token`.
    package var tokenFile: URL?
    /// apple-music: the storefront; nil uses `country`.
    package var storefront: String?
    /// musicbrainz (required there): a URL or e-mail address for the User-Agent MusicBrainz asks for.
    package var contact: String?
    /// Minutes a sweep may run; artists without an answer by then are skipped (partial sweep). nil: no limit.
    package var sweepDeadlineMinutes: Double?
    /// When more than this share (percent) of the previously known artists come back empty or not
    /// found in one run, the catalog is taken as faulty and nothing from the run is believed.
    package var maxVanishedPercent: Int = 20
    /// Seconds one request may spend waiting on "too fast" answers before its artist fails
    /// `rateLimited`; rate-limited retries count against this, not `maxAttempts`.
    package var rateLimitWaitSeconds: Double = 300
    /// Days between two full listings of one artist (iTunes): between them a warm sweep asks only
    /// each artist's newest collections, once the catalog's answers showed that allows it.
    package var fullListingDays: Int = 7

    package init(
        provider: ProviderKind = .itunes, baseURL: URL? = nil, country: String = "us", concurrency: Int = 4,
        requestsPerMinute: Int? = nil, timeoutSeconds: Int = 20, maxAttempts: Int = 3
    ) {
        self.provider = provider
        self.baseURL = baseURL ?? provider.defaultBaseURL
        self.country = country
        self.concurrency = concurrency
        self.requestsPerMinute = requestsPerMinute ?? provider.defaultRequestsPerMinute
        self.timeoutSeconds = timeoutSeconds
        self.maxAttempts = maxAttempts
    }
}

extension CatalogConfig {
    /// Reads the `catalog` object; absent keys keep `init`'s defaults, which follow the provider.
    init(_ field: ConfigField, folder: URL) throws {
        var object = try field.object()
        self.init(provider: try object.optional("provider")?.oneOf(ProviderKind.self) ?? .itunes)
        baseURL = try object.optional("baseURL")?.httpURL() ?? baseURL
        country = try object.optional("country")?.countryCode() ?? country
        concurrency = try object.optional("concurrency")?.integer(in: 1...64) ?? concurrency
        requestsPerMinute = try object.optional("requestsPerMinute")?.integer(in: 1...1_000_000) ?? requestsPerMinute
        timeoutSeconds = try object.optional("timeoutSeconds")?.integer(in: 1...600) ?? timeoutSeconds
        maxAttempts = try object.optional("maxAttempts")?.integer(in: 1...10) ?? maxAttempts
        tokenFile = try object.optional("tokenFile")?.path(relativeTo: folder)
        storefront = try object.optional("storefront")?.countryCode()
        contact = try (provider == .musicbrainz ? object.required("contact") : object.optional("contact"))?.nonEmptyString()
        // A week: longer than any sweep a polite client could need, far from overflowing milliseconds.
        sweepDeadlineMinutes = try object.optional("sweepDeadlineMinutes")?.positiveNumber(atMost: 10_080)
        maxVanishedPercent = try object.optional("maxVanishedPercent")?.integer(in: 0...100) ?? maxVanishedPercent
        rateLimitWaitSeconds = try object.optional("rateLimitWaitSeconds")?.positiveNumber(atMost: 86_400) ?? rateLimitWaitSeconds
        fullListingDays = try object.optional("fullListingDays")?.integer(in: 1...365) ?? fullListingDays
        try object.rejectUnknownKeys()
    }
}

/// The catalogs `deepcut` can sweep. Raw values are the config's `catalog.provider` strings.
package enum ProviderKind: String, Sendable, Hashable, CaseIterable {
    case itunes
    case appleMusic = "apple-music"
    case musicbrainz

    package var defaultBaseURL: URL {
        switch self {
        case .itunes: URL(string: "https://itunes.apple.com")!
        case .appleMusic: URL(string: "https://api.music.apple.com")!
        case .musicbrainz: URL(string: "https://musicbrainz.org")!
        }
    }

    /// The catalogs' published or observed limits.
    package var defaultRequestsPerMinute: Int {
        switch self {
        case .itunes: 20
        case .appleMusic: 300
        case .musicbrainz: 60
        }
    }
}
