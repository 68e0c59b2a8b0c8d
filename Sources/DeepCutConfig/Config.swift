import DeepCutCore
import Foundation

/// The decoded, validated configuration. Paths are absolute (resolved against the config file's folder).
package struct Config: Sendable {
    /// The file this was read from.
    package var file: URL
    package var library: [LibrarySource]
    /// `library.maxShrinkPercent`: a library whose artists shrink by more than this share against the
    /// last complete run is refused (exit 65) unless `sweep --accept-library-change` is given.
    package var libraryMaxShrinkPercent = 50
    /// The home catalog: `catalog`, or the first of `catalogs`. Every one-catalog path reads this.
    package var catalog: CatalogConfig
    /// `catalogs` after the first: the other sources a sweep asks beside the home one.
    package var otherCatalogs: [CatalogConfig] = []
    package var feed: FeedConfig
    package var stateDatabase: URL
    package var outputDirectory: URL
    package var keepSnapshots: Int
    package var ttlHours: Double
    /// After a partial run, reuse artists' definite answers younger than this instead of asking again (0 = never).
    package var repairWindowMinutes: Int = 120
    package var publish = PublishConfig()
    /// Where the Prometheus textfile goes (for node_exporter's textfile collector); nil: not written.
    package var prometheusTextfile: URL?
    /// `artistOverrides`: library artist name → catalog id, pinning names the search gets wrong.
    package var artistOverrides: [String: String] = [:]
    /// `monitoring`: the dead man's switch pinged around each sweep; nil: none.
    package var monitoring: MonitoringConfig?
    /// `notify`: the notification channels, in config order.
    package var notify: [ChannelConfig] = []
    /// `artistRules`: per artist, release types and `newBy` overriding the feed's (`ArtistRule`).
    package var artistRules: [ArtistRule] = []
    /// `artistSources`: listening history and followed lists, whose artists wait as pending until accepted.
    package var artistSources: [ArtistSource] = []
    /// `autoAcceptPlays`: an artist from history with at least this many plays is accepted at once; nil: never.
    package var autoAcceptPlays: Int?
    /// `profiles`: the people of a household, each with a library, feed and channels of their own;
    /// empty for a config without them. The household config's `feed` then asks the catalog for
    /// what any profile wants (`Profile`).
    package var profiles: [Profile] = []
    /// Set on a profile's own config: its name, and the household's state database, whose catalog
    /// tables its store reads (`StateStore(url:catalog:)`).
    package var profileName: String?
    package var catalogDatabase: URL?

    package init(
        file: URL, library: [LibrarySource], catalog: CatalogConfig, feed: FeedConfig,
        stateDatabase: URL, outputDirectory: URL, keepSnapshots: Int = 30, ttlHours: Double = 24
    ) {
        self.file = file
        self.library = library
        self.catalog = catalog
        self.feed = feed
        self.stateDatabase = stateDatabase
        self.outputDirectory = outputDirectory
        self.keepSnapshots = keepSnapshots
        self.ttlHours = ttlHours
    }
}

extension Config {
    /// Reads the whole document. Relative paths resolve against the folder of `file`.
    init(_ field: ConfigField, file: URL) throws {
        let folder = file.deletingLastPathComponent()
        var document = try field.object()
        let profileList = document.optional("profiles")
        let (library, maxShrinkPercent) =
            profileList == nil ? try Self.library(document.required("library"), folder: folder) : ([], nil)
        let (catalog, otherCatalogs) = try Self.catalogs(&document, folder: folder)
        let feed = try document.optional("feed").map { try FeedConfig($0) } ?? FeedConfig()
        let stateDatabase = try document.optional("stateDatabase")?.path(relativeTo: folder)
        let outputDirectory = try document.optional("outputDirectory")?.path(relativeTo: folder)
        self.init(
            file: file, library: library, catalog: catalog, feed: feed,
            stateDatabase: stateDatabase ?? folder.appendingPathComponent("state.db"),
            outputDirectory: outputDirectory ?? folder.appendingPathComponent("feed"))
        self.otherCatalogs = otherCatalogs
        libraryMaxShrinkPercent = maxShrinkPercent ?? libraryMaxShrinkPercent
        // Upper bounds are far beyond any sensible setting and keep every later conversion in range.
        keepSnapshots = try document.optional("keepSnapshots")?.integer(in: 1...100_000) ?? keepSnapshots
        ttlHours = try document.optional("ttlHours")?.positiveNumber(atMost: 8_760) ?? ttlHours
        repairWindowMinutes = try document.optional("repairWindowMinutes")?.integer(in: 0...525_600) ?? repairWindowMinutes
        publish = try document.optional("publish").map { try PublishConfig($0) } ?? publish
        prometheusTextfile = try document.optional("prometheusTextfile")?.path(relativeTo: folder)
        artistOverrides = try document.optional("artistOverrides")?.artistOverrides() ?? artistOverrides
        monitoring = try document.optional("monitoring").map(MonitoringConfig.init)
        notify = try document.optional("notify").map { try ChannelConfig.channels($0, folder: folder) } ?? notify
        artistRules = try document.optional("artistRules")?.artistRules() ?? artistRules
        artistSources = try document.optional("artistSources").map { try ArtistSource.sources($0, folder: folder) } ?? []
        autoAcceptPlays = try document.optional("autoAcceptPlays")?.integer(in: 1...1_000_000)
        if let profileList {
            for key in Profile.ownKeys {
                if let misplaced = document.optional(key) {
                    throw misplaced.failure("with 'profiles', each profile gives its own '\(key)'")
                }
            }
            profiles = try Profile.profiles(profileList, household: self, folder: folder)
            self.feed = Profile.sweptFeed(profiles)
        }
        try document.rejectUnknownKeys()
        try checkPlayableIn(self.feed, key: "feed.playableIn")
    }

    /// A `playableIn` naming a storefront no configured store sells in would empty the feed.
    func checkPlayableIn(_ feed: FeedConfig, key: String) throws {
        guard let playableIn = feed.playableIn, !sources.contains(where: { $0.isStore && $0.source.storefront == playableIn })
        else { return }
        let stores = sources.filter(\.isStore).compactMap(\.source.storefront)
        throw ConfigError(
            message: "\(file.lastPathComponent): \(key): no configured store catalog sells in '\(playableIn)'"
                + (stores.isEmpty ? " (none is configured)" : " (they sell in \(stores.joined(separator: ", ")))"))
    }

    /// Every catalog the sweep asks, home first, each with its state key.
    package var sources: [ConfiguredSource] {
        ([catalog] + otherCatalogs).enumerated().map { ConfiguredSource($0.element, at: $0.offset) }
    }

    /// True when the config names more than one catalog: entries then carry where they can be heard.
    package var hasSeveralSources: Bool { !otherCatalogs.isEmpty }

    /// True when MusicBrainz sits beside a store: its sweep then browses releases rather than release
    /// groups, for the barcodes and Apple album links the merge reads (alone, it needs neither).
    package var readsMusicBrainzEvidence: Bool {
        sources.contains(where: \.isStore) && sources.contains { !$0.isStore }
    }

    /// `catalog` (one object) or `catalogs` (an array of such objects, the home storefront first),
    /// never both; no provider and storefront twice.
    private static func catalogs(_ document: inout ConfigObject, folder: URL) throws -> (CatalogConfig, [CatalogConfig]) {
        let single = document.optional("catalog")
        guard let list = document.optional("catalogs") else {
            return (try single.map { try CatalogConfig($0, folder: folder) } ?? CatalogConfig(), [])
        }
        if single != nil { throw list.failure("give either 'catalog' or 'catalogs', not both") }
        let fields = try list.nonEmptyArray()
        var catalogs: [CatalogConfig] = []
        var seen: [String: Int] = [:]
        for (index, field) in fields.enumerated() {
            let catalog = try CatalogConfig(field, folder: folder)
            let identity = catalog.provider.rawValue + ":" + (catalog.storefrontCode ?? "")
            if let first = seen[identity] {
                let place = catalog.storefrontCode.map { "\(catalog.provider.rawValue) in storefront '\($0)'" } ?? catalog.provider.rawValue
                throw field.failure("\(place) is already catalogs[\(first)]: each provider and storefront once")
            }
            seen[identity] = index
            catalogs.append(catalog)
        }
        return (catalogs[0], Array(catalogs.dropFirst()))
    }

    /// `library`: the array of sources, or an object `{"sources": [...], "maxShrinkPercent": 50}` for the options.
    static func library(_ field: ConfigField, folder: URL) throws -> ([LibrarySource], maxShrinkPercent: Int?) {
        switch field.value {
        case .array:
            return (try field.nonEmptyArray().map { try LibrarySource($0, folder: folder) }, nil)
        case .object:
            var object = try field.object()
            let sources = try object.required("sources").nonEmptyArray().map { try LibrarySource($0, folder: folder) }
            let maxShrinkPercent = try object.optional("maxShrinkPercent")?.integer(in: 0...100)
            try object.rejectUnknownKeys()
            return (sources, maxShrinkPercent)
        default:
            throw field.failure("expected an array of sources or an object with 'sources', got \(field.value.kindName)")
        }
    }
}

/// The config's `feed` object, defaults applied.
package struct FeedConfig: Sendable, Hashable {
    /// Primary and secondary types wanted (`TypeSelection` holds the rule).
    package var types: TypeSelection
    package var windowDays: Int
    /// What makes a release new: its release date, its first appearance in the catalog, or either.
    package var newBy: NewBy
    /// `hideVariants`: leave out sped up, slowed, nightcore, instrumental and a cappella versions.
    package var hideVariants = false
    /// `excludeGenres`, `excludeLabels`: releases the catalog files under these are left out; a
    /// release whose catalog names no genre or label is kept.
    package var excludeGenres: [String] = []
    package var excludeLabels: [String] = []
    /// `feed.playableIn`: keep only releases a store catalog in this storefront lists; nil keeps all.
    package var playableIn: String?

    package init(types: TypeSelection = .standard, windowDays: Int = 120, newBy: NewBy = .either) {
        self.types = types
        self.windowDays = windowDays
        self.newBy = newBy
    }
}

extension FeedConfig {
    /// Reads the `feed` object; absent keys keep `defaults` (`init`'s, or a household's feed for a profile).
    init(_ field: ConfigField, defaults: FeedConfig = FeedConfig()) throws {
        var object = try field.object()
        self = defaults
        types = try object.optional("types").map(Self.types) ?? types
        windowDays = try object.optional("windowDays")?.integer(in: 1...36_500) ?? windowDays
        newBy = try object.optional("newBy")?.oneOf(NewBy.self) ?? newBy
        hideVariants = try object.optional("hideVariants")?.boolean() ?? hideVariants
        excludeGenres = try object.optional("excludeGenres")?.names() ?? excludeGenres
        excludeLabels = try object.optional("excludeLabels")?.names() ?? excludeLabels
        playableIn = try object.optional("playableIn")?.countryCode()
        try object.rejectUnknownKeys()
    }

    /// `["album", "live", …]`: each name a primary or secondary type, at least one primary. Also a
    /// notification channel's `filter.types`, read by the same rule.
    static func types(_ field: ConfigField) throws -> TypeSelection {
        let choices = try field.nonEmptyArray().map { element in
            let name = try element.string()
            guard let choice = TypeSelection.Choice(name: name) else {
                throw element.failure("must be one of \(TypeSelection.Choice.names.joined(separator: ", ")), got '\(name)'")
            }
            return choice
        }
        guard let selection = TypeSelection(choices) else {
            let primary = RecordingType.allCases.map(\.rawValue).joined(separator: ", ")
            throw field.failure("names no release type (\(primary)): nothing would be wanted")
        }
        return selection
    }
}

/// The config's `publish` object: how the published files describe themselves to the outside world.
package struct PublishConfig: Sendable, Hashable {
    /// Where the output folder is served (`https://example.org/deepcut/`). When set, the feeds carry
    /// absolute self and home links, which feed readers need to follow a moved or shared feed.
    package var baseURL: URL?
    /// How many of the newest entries `feed.json`, `feed.atom` and `index.html` hold; the
    /// snapshot files keep every entry. 500 is what the feeds people read can show (README).
    package var feedEntries: Int

    package static let defaultFeedEntries = 500

    package init(baseURL: URL? = nil, feedEntries: Int = Self.defaultFeedEntries) {
        self.baseURL = baseURL
        self.feedEntries = feedEntries
    }
}

extension PublishConfig {
    /// Reads the `publish` object; absent keys keep `defaults` (`init`'s, or a profile's household's).
    init(_ field: ConfigField, defaults: PublishConfig = PublishConfig()) throws {
        var object = try field.object()
        self = defaults
        if let baseURL = object.optional("baseURL") {
            let url = try baseURL.httpURL()
            // Feed links are built by appending file names, which a query or fragment would swallow.
            guard url.query == nil, url.fragment == nil else { throw baseURL.failure("must not have a query or fragment") }
            self.baseURL = url
        }
        feedEntries = try object.optional("feedEntries")?.integer(in: 1...100_000) ?? feedEntries
        try object.rejectUnknownKeys()
    }
}
