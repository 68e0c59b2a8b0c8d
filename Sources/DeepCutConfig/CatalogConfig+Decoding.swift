import Foundation

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
