import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutLibrary
import DeepCutNotify
import DeepCutPublish
import DeepCutState
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `deepcut check-config`: validate the config, its paths, the state database and credentials' presence.
enum CheckConfigCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["check-config"], abstract: "Validate config, paths, state database and credentials; exit 0 or 78.",
        options: [configOption])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        let credentials = context.environment["CREDENTIALS_DIRECTORY"].map { URL(fileURLWithPath: $0) }
        let expiries = try tokenExpiries(config, environment: context.environment, now: context.now())
        try await checkPerson(config, key: "", credentials: credentials, context: context)
        for (index, profile) in config.profiles.enumerated() {
            try await checkPerson(profile.config, key: "profiles[\(index)].", credentials: credentials, context: context)
        }
        let libraries =
            config.profiles.isEmpty
            ? "\(config.library.count) library source\(config.library.count == 1 ? "" : "s")" : "\(config.profiles.count) profiles"
        context.console.out("config OK: \(config.file.path) (\(libraries), provider \(config.catalog.provider.rawValue))")
        for profile in config.profiles {
            let sources = profile.config.library.count
            context.console.out(
                "profile \(profile.name): \(sources) library source\(sources == 1 ? "" : "s"), feed in \(profile.config.outputDirectory.path)"
            )
        }
        if config.hasSeveralSources { for line in sourceLines(config) { context.console.out(line) } }
        for line in expiries { context.console.out(line) }
        if let warning = baseURLWarning(config) { context.console.out(warning) }
        for person in [config] + config.profiles.map(\.config) {
            if let warning = await artistRulesWarning(person, context: context) { context.console.out(warning) }
        }
        return .success
    }

    /// What one person's feed needs (the household's config itself without `profiles`, or one
    /// profile's): readable libraries, artist sources and channels' secrets, writable folders, a
    /// sound state database. `key` prefixes the keys a failure names (`profiles[1].`).
    private static func checkPerson(_ config: Config, key: String, credentials: URL?, context: CommandContext) async throws {
        try LibraryReaderRegistry.checkFormats(config.library)
        for (index, source) in config.library.enumerated() {
            if source.format == .appleMusicLibrary {
                // Presence only: whether the tokens are accepted shows on the first sweep.
                _ = try AppleMusicLibraryCredentials(source: source, credentialsDirectory: credentials)
            } else if !FileManager.default.isReadableFile(atPath: source.path.path) {
                throw ConfigError(
                    message: "\(config.file.lastPathComponent): \(key)library[\(index)].path: cannot read \(source.path.path)")
            }
        }
        try ArtistSourceChecks.check(config, credentialsDirectory: credentials)
        for channel in config.notify {
            // Presence and shape of each channel's secrets: a sweep would report the channel failing, this says why now.
            _ = try NotificationChannels.make(channel, client: NoNetwork(), mailer: NoNetwork(), environment: context.environment)
        }
        try checkWritableFolder(config.outputDirectory, key: "\(key)outputDirectory", config: config)
        try checkWritableFolder(config.stateDatabase.deletingLastPathComponent(), key: "\(key)stateDatabase", config: config)
        if FileManager.default.fileExists(atPath: config.stateDatabase.path) {
            try refuseNewerSchema(config)
            // A corrupt database is reported (exit 74), never repaired.
            let problems = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase).integrityCheck()
            guard problems == ["ok"] else {
                // SQLite's report spans lines ("*** in database main ***" first); the message must not.
                let lines = problems.flatMap { $0.split(whereSeparator: \.isNewline) }.filter { !$0.hasPrefix("*** ") }
                throw CommandFailure(
                    exitCode: .ioError,
                    message: "\(config.stateDatabase.path): integrity check failed: \(lines.prefix(3).joined(separator: "; "))")
            }
        }
    }

    /// `artistRules` naming no library artist (by `ArtistName.normalize`): a typo, or an artist no
    /// longer in the library. A warning, not an error: the rule does nothing until the artist is
    /// back. Read only from library files; a library read over the network is not asked here.
    static func artistRulesWarning(_ config: Config, context: CommandContext) async -> String? {
        guard !config.artistRules.isEmpty, !config.library.contains(where: { $0.format == .appleMusicLibrary }) else { return nil }
        // A library that cannot be read is the sweep's to report (with its exit code); here it only means no warning.
        guard let library = try? await LoadLibrary(client: NoNetwork(), environment: context.environment).run(config.library) else {
            return nil
        }
        let unknown = config.unknownRuleArtists(libraryArtists: library.artists)
        guard !unknown.isEmpty else { return nil }
        let names = unknown.map { "'\(TextTable.clean($0))'" }.joined(separator: ", ")
        return "\(config.file.lastPathComponent): artistRules: WARNING: no library artist named \(names); "
            + "a typo, or an artist no longer in the library: the rule does nothing until the artist is back"
    }

    /// One line per source of a several-catalogs config, home first: its state key, where it sells,
    /// where it is asked and its own rate budget (the budgets run side by side).
    static func sourceLines(_ config: Config) -> [String] {
        config.sources.enumerated().map { index, configured in
            let catalog = configured.catalog
            let storefront = configured.source.storefront.map { ", storefront \($0)" } ?? ""
            return "source \(configured.source.key)\(index == 0 ? " (home)" : ""): provider \(catalog.provider.rawValue)\(storefront), "
                + "\(URLRedaction.shown(catalog.baseURL.absoluteString)), \(catalog.requestsPerMinute) requests/min, concurrency \(catalog.concurrency)"
        }
    }

    /// Without `publish.baseURL` the feeds' self links are relative (`feed.atom`): RFC 4287 allows
    /// it, but the W3C feed validator warns (RelativeSelf) and some readers cannot follow a moved
    /// feed, and the page cannot offer a `webcal://` calendar link. A warning, not an error: the
    /// files work where they are served. On stdout with the other findings; the exit stays 0.
    static func baseURLWarning(_ config: Config) -> String? {
        guard config.publish.baseURL == nil else { return nil }
        return "\(config.file.lastPathComponent): publish.baseURL: WARNING: unset, so the feeds' self links are relative "
            + "(the W3C validator warns RelativeSelf) and the page links the calendar without webcal://; "
            + "set it to where outputDirectory is served, e.g. \"https://example.org/deepcut/\""
    }

    /// One line per developer token saying when it expires (its JWT `exp`; never the token itself).
    /// - Throws: `ConfigError` (exit 78) for a token that is unreadable or already expired: every
    ///   request would be refused.
    private static func tokenExpiries(_ config: Config, environment: [String: String], now: Date) throws -> [String] {
        return try ConfiguredTokens(config, environment: environment).tokens.map { configured in
            guard let expiresAt = configured.token.expiresAt else {
                return "\(configured.key): developer token expiry unknown (it states no exp)"
            }
            let when = Timestamp.display(expiresAt)
            let left = Int(expiresAt.timeIntervalSince(now))
            switch TokenExpiry.status(expiresAt: expiresAt, at: now) {
            case .critical:
                throw ConfigError(
                    message: "\(config.file.lastPathComponent): \(configured.key): the developer token expired \(when); make a new one")
            case .warning:
                return "\(configured.key): WARNING: developer token expires \(when), in \(HealthCheck.duration(left)): make a new one"
            case .ok, .unknown:
                return "\(configured.key): developer token expires \(when), in \(HealthCheck.duration(left))"
            }
        }
    }

    /// A database a newer deepcut wrote is a setup problem (this binary is too old for it): exit 78,
    /// checked before the store is opened, so nothing is migrated or refused as damage.
    ///
    /// `user_version` is read from the file header (offset 60, big-endian) rather than through SQLite,
    /// which would create `-wal`/`-shm` files beside a database that may be damaged. A file that is
    /// unreadable or has no SQLite header is left to the store to report, precisely (exit 74).
    private static func refuseNewerSchema(_ config: Config) throws {
        let header: Data
        do {
            let handle = try FileHandle(forReadingFrom: config.stateDatabase)
            defer { try? handle.close() }  // Closing a read-only handle cannot lose data.
            header = try handle.read(upToCount: 100) ?? Data()
        } catch {
            return
        }
        guard header.count == 100, header.prefix(16).elementsEqual(Array("SQLite format 3\u{0}".utf8)) else { return }
        let version = header[60..<64].reduce(0) { $0 << 8 | Int($1) }
        let known = StateStore.migrator.latestVersion
        guard version <= known else {
            throw ConfigError(
                message:
                    "\(config.file.lastPathComponent): stateDatabase: \(config.stateDatabase.path) has schema version \(version), newer than this deepcut understands (\(known)): upgrade deepcut"
            )
        }
    }

    /// The folder exists and is writable, or the nearest existing parent is (it will be created).
    private static func checkWritableFolder(_ folder: URL, key: String, config: Config) throws {
        var candidate = folder
        while !FileManager.default.fileExists(atPath: candidate.path), candidate.pathComponents.count > 1 {
            candidate.deleteLastPathComponent()
        }
        guard access(candidate.path, W_OK) == 0 else {
            throw ConfigError(message: "\(config.file.lastPathComponent): \(key): \(candidate.path) is not writable")
        }
    }
}

/// check-config builds channels to read their secrets and never sends: a client that cannot be used.
private struct NoNetwork: HTTPClient, MailSender {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        preconditionFailure("check-config never sends")
    }

    func send(_ mail: MailEnvelope) async throws(MailError) {
        preconditionFailure("check-config never sends")
    }
}
