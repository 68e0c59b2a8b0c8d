import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutLibrary
import DeepCutState
import DeepCutSweep
import Foundation

/// "More from this artist": one artist's catalog through the same resolution, diff and
/// owned/dismissed rules as the sweep, without the feed window. A mute does not apply here.
struct MoreFrom: Sendable {
    let config: Config
    let client: any HTTPClient
    let now: @Sendable () -> Date

    init(config: Config, client: (any HTTPClient)?, now: @escaping @Sendable () -> Date) {
        self.now = now
        self.config = config
        self.client = client ?? CurlHTTPClient(maximumConnectionsPerHost: 1)
    }

    struct NotFound: DeepCutError {
        var artist: String
        var exitCode: ExitCode { .dataError }
        var message: String { "more-from: the catalog has no artist named '\(artist)'" }
    }

    struct Unreachable: DeepCutError {
        var failure: FetchFailure
        var exitCode: ExitCode { .tempFail }
        var message: String { "more-from: catalog request failed (\(failure.kind.rawValue)): \(failure.message)" }
    }

    /// The mute of this artist, if muted: `more-from` still lists its releases (a muted artist is
    /// swept), and says so.
    func mute(of artist: String) async throws -> MutedArtist? {
        try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase).perform { try $0.mutes.find(name: artist) }
    }

    /// The artist's releases the user lacks, and those the config's rules hide (`artistRules`,
    /// `feed.hideVariants`, `feed.excludeGenres`, `feed.excludeLabels`), each with its reason.
    struct Listing: Sendable {
        var entries: [FeedEntry]
        var hidden: [(title: String, reason: DropReason)]
        /// The artist's own rules, as the config names them.
        var rules: [ArtistRule]
    }

    /// The reasons `more-from` names: the config's filters beyond `feed.types`.
    static let ruleReasons: Set<DropReason> = [.artistRule, .variant, .excludedGenre, .excludedLabel]

    func releases(of artist: String) async throws -> [FeedEntry] {
        try await listing(of: artist).entries
    }

    func listing(of artist: String) async throws -> Listing {
        let store = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase)
        let library = try await LoadLibrary(client: client, environment: ProcessInfo.processInfo.environment).run(config.library)
            .including(try await store.perform { try $0.owned.all() })
        let provider = try CatalogProviderFactory.make(config.catalog, client: client, types: config.fetchedTypes)
        // The sweep's own resolution: overrides, the cache, namesakes told apart by owned albums.
        let sweep = try await SweepCatalog(config: config, provider: provider, store: store, now: now)
            .run(artists: [artist], ownedKeys: Set(library.albums.map(\.key)))
        switch sweep.results.first?.outcome {
        case .fetched(let releases):
            // No window: every release the user lacks, up to today.
            let filters = config.releaseFilters
            let diff = Diff(types: config.feed.types, windowDays: 365 * 1000, filters: filters)
            let dismissed = try await store.perform { try $0.dismissals.keys() }
            let result = diff(releases: releases, owned: Set(library.albums.map(\.key)), dismissed: dismissed, today: now().epochDay)
            let hidden = releases.compactMap { release in
                result.reasons[release.id].flatMap { Self.ruleReasons.contains($0) ? (release.title, $0) : nil }
            }
            return Listing(entries: result.entries, hidden: hidden, rules: filters.rules(forCredit: artist))
        case .notFound, nil:
            throw NotFound(artist: artist)
        case .failed(let failure):
            throw Unreachable(failure: failure)
        case .skipped:
            throw Unreachable(failure: FetchFailure(kind: .cancelled, attempts: 0, message: "interrupted"))
        }
    }
}
