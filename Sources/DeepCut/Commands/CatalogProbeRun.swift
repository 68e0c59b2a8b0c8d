import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutLibrary
import DeepCutPublish
import DeepCutState
import Foundation

/// `deepcut probe`: a handful of polite requests to the configured catalog, and which of the
/// behaviours the sweep relies on hold there. It never touches the feed; what the answers show
/// about the catalog's traits is stored as a sweep would store it.
struct CatalogProbeRun: Sendable {
    let config: Config
    let client: any HTTPClient
    let environment: [String: String]
    let now: @Sendable () -> Date

    init(config: Config, client: (any HTTPClient)?, environment: [String: String], now: @escaping @Sendable () -> Date) {
        self.config = config
        self.client = client ?? CurlHTTPClient(maximumConnectionsPerHost: 1)
        self.environment = environment
        self.now = now
    }

    /// Known artists asked about, the longest listings first.
    static let artistsAsked = 3

    /// What the probe found, as `--json` prints it.
    struct Report: Sendable, Codable {
        var provider: String
        /// Scheme, host and port only.
        var catalog: String
        var storefront: String?
        var probedAt: Date
        var artists: [String]
        var requests: Int
        var findings: [ProbeFinding]
    }

    /// - Returns: the report, and every exchange (redacted) for `--record`.
    func run() async throws -> (Report, [RecordingHTTPClient.Exchange]) {
        let startedAt = now()
        let store = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase)
        let providerName = config.catalog.provider.rawValue
        let (stored, pace) = try await store.perform { store in
            (try store.learning.traits(provider: providerName).current(at: startedAt), try store.learning.pace(provider: providerName))
        }
        let traits = CatalogTraits(stored)
        let limiter = RateLimiter(requestsPerMinute: config.catalog.requestsPerMinute, startingPace: pace)
        let recorder = RecordingHTTPClient(client)
        let provider = try CatalogProviderFactory.make(
            config.catalog, client: recorder, environment: environment, limiter: limiter, traits: traits, types: config.feed.types)
        let artists = try await artistsToAsk(provider, store: store)
        var findings = await provider.probing?.probe(artists) ?? []
        findings.append(rateFinding(recorder.recorded, limiter: limiter))
        findings.append(try tokenFinding(at: startedAt))
        let shown = traits.shown(at: startedAt)
        try await store.perform { try $0.learning.saveTraits(shown, provider: providerName) }
        let report = Report(
            provider: providerName, catalog: config.catalog.baseURL.origin, storefront: storefront,
            probedAt: startedAt, artists: artists.map(\.name), requests: recorder.recorded.count, findings: findings)
        return (report, recorder.recorded)
    }

    /// The storefront the provider asks, as `CatalogProviderFactory` chooses it.
    private var storefront: String? {
        switch config.catalog.provider {
        case .itunes: config.catalog.country
        case .appleMusic: config.catalog.storefront ?? config.catalog.country
        case .musicbrainz: nil
        }
    }

    /// The artists with the longest remembered listings; before any sweep, the first library
    /// artists the catalog's search finds by their exact name.
    private func artistsToAsk(_ provider: any CatalogProvider, store: StateStore) async throws -> [CatalogArtist] {
        let name = provider.name
        let known = try await store.perform { try $0.memory.mostListed(provider: name, limit: Self.artistsAsked) }
        if !known.isEmpty { return known.map { CatalogArtist(id: $0.catalogID, name: $0.artist) } }
        let library = try await LoadLibrary(client: client, environment: environment).run(config.library)
        var found: [CatalogArtist] = []
        for name in library.artists.prefix(Self.artistsAsked) {
            guard case .success(let hits) = await provider.searchArtists(named: name) else { continue }
            if let hit = hits.first(where: { ArtistName.normalize($0.name) == ArtistName.normalize(name) }) { found.append(hit) }
        }
        return found
    }

    /// The configured pace against what the catalog documents, and whether any answer of the
    /// probe said "too fast".
    private func rateFinding(_ exchanges: [RecordingHTTPClient.Exchange], limiter: RateLimiter) -> ProbeFinding {
        let configured = config.catalog.requestsPerMinute
        let documented: (perMinute: Int, text: String)? =
            switch config.catalog.provider {
            case .itunes: (20, "about 20/min (Apple)")
            case .musicbrainz: (60, "1/s (MusicBrainz)")
            case .appleMusic: nil
            }
        let headers = Set(
            exchanges.flatMap { $0.headers.filter { $0.key != "content-type" && $0.key != "date" }.map { "\($0.key): \($0.value)" } }
        ).sorted().prefix(3)
        var parts = ["configured \(configured)/min", "documented " + (documented?.text ?? "unpublished")]
        parts.append("\(exchanges.count) requests, \(limiter.rateLimitedAnswers) answered too fast")
        if !headers.isEmpty { parts.append(headers.joined(separator: ", ")) }
        let detail = parts.joined(separator: "; ")
        if limiter.rateLimitedAnswers > 0 {
            return ProbeFinding(.rateLimit, reading: "throttled", holds: false, detail: detail + ": lower catalog.requestsPerMinute")
        }
        if let documented, configured > documented.perMinute {
            return ProbeFinding(
                .rateLimit, reading: "over", holds: false, detail: detail + ": above the documented pace; the sweep slows down when told")
        }
        return ProbeFinding(.rateLimit, reading: "ok", holds: true, detail: detail)
    }

    /// The catalog's developer token's `exp` (Apple Music), judged as health judges it.
    private func tokenFinding(at date: Date) throws -> ProbeFinding {
        guard config.catalog.provider == .appleMusic else {
            return .init(.tokenExpiry, reading: "n/a", holds: nil, detail: "\(config.catalog.provider.rawValue) needs no token")
        }
        let expiry = try ConfiguredTokens(config, environment: environment).expiries(at: date).first { $0.key == "catalog.tokenFile" }
        guard let expiry, let expiresAt = expiry.expiresAt else {
            return .init(.tokenExpiry, reading: "unknown", holds: nil, detail: "catalog.tokenFile: the token carries no readable exp")
        }
        let days = Int((expiresAt.timeIntervalSince(date) / 86_400).rounded(.down))
        let when = days >= 0 ? "in \(days) days" : "\(-days) days ago"
        return .init(
            .tokenExpiry, reading: Timestamp.string(expiresAt), holds: expiry.status == .ok,
            detail: "catalog.tokenFile expires \(when): health says \(expiry.status.rawValue.uppercased())"
                + " (WARNING from 14 days before, CRITICAL after)")
    }
}

extension CatalogProbeRun {
    /// `--record DIR`: each answer's body as `NN-<provider>-<path>.json`, and `probe.json` listing
    /// them with their redacted URLs, statuses and kept headers, beside the report. The decoders'
    /// tests read such folders under `Tests/Samples/probe/`.
    static func record(_ exchanges: [RecordingHTTPClient.Exchange], report: Report, to folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var index: [Recording.Entry] = []
            for (number, exchange) in exchanges.enumerated() {
                let name = String(format: "%02d-", number + 1) + report.provider + "-" + Self.slug(exchange.url) + ".json"
                try exchange.body.write(to: folder.appendingPathComponent(name))
                index.append(
                    Recording.Entry(
                        file: name, method: exchange.method, url: exchange.url, status: exchange.status, headers: exchange.headers,
                        failure: exchange.failure))
            }
            try json(Recording(report: report, exchanges: index)).write(to: folder.appendingPathComponent("probe.json"))
        } catch {
            throw CommandFailure(
                exitCode: .cannotCreate, message: "probe --record: cannot write \(folder.path): \(error.localizedDescription)")
        }
    }

    /// `probe.json`: the report, and per answer its body's file, redacted URL, status and kept headers.
    struct Recording: Encodable {
        struct Entry: Encodable {
            var file: String
            var method: String
            var url: String
            var status: Int?
            var headers: [String: String]
            var failure: String?
        }

        var report: Report
        var exchanges: [Entry]
    }

    /// JSON as `--json` prints it and `--record` writes it: sorted keys, ISO 8601 dates, slashes as they are.
    static func json(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    /// The URL's path as a file-name part: `lookup`, `v1-catalog-us-artists-1-albums`.
    static func slug(_ url: String) -> String {
        let path = URLComponents(string: url)?.path ?? ""
        let slug = path.split(separator: "/").joined(separator: "-").filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return slug.isEmpty ? "root" : String(slug.prefix(60))
    }
}
