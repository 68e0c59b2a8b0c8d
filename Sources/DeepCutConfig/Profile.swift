import DeepCutCore
import Foundation

/// One person of a household (`profiles`): their own library, listening history, feed, filters and
/// channels, published in a folder of their own from the household's one sweep.
///
/// A profile's `config` is the household's with the profile's parts in place: every stage after
/// the sweep reads it exactly as it reads a config without profiles. Its state database keeps
/// what is the profile's own (dismissals, mutes, what its feed showed and told); the catalog's
/// memory stays in the household's (`catalogDatabase`), learned once for everyone.
package struct Profile: Sendable {
    package var name: String
    package var config: Config

    /// The top-level keys that belong to a profile once `profiles` is given.
    static let ownKeys = ["library", "artistSources", "autoAcceptPlays", "notify", "artistRules"]

    /// A name that is also a folder and a file name: lower-case letters, digits, `-` and `_`.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 32 else { return false }
        let allowed = { (scalar: Unicode.Scalar) in ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) }
        return allowed(first) && name.unicodeScalars.allSatisfy { allowed($0) || $0 == "-" || $0 == "_" }
    }

    /// `profiles`: a non-empty array; names unique; no two profiles (or a profile and the
    /// household) sharing a state database or an output folder.
    static func profiles(_ field: ConfigField, household: Config, folder: URL) throws -> [Profile] {
        var profiles: [Profile] = []
        for element in try field.nonEmptyArray() {
            let profile = try Profile(element, household: household, folder: folder)
            if profiles.contains(where: { $0.name == profile.name }) {
                throw element.failure("the name '\(profile.name)' is already another profile's")
            }
            let taken = [household.stateDatabase] + profiles.map(\.config.stateDatabase)
            if taken.contains(where: { $0.standardizedFileURL == profile.config.stateDatabase.standardizedFileURL }) {
                throw element.failure("stateDatabase: \(profile.config.stateDatabase.path) is already in use; each profile needs its own")
            }
            let outputs = [household.outputDirectory] + profiles.map(\.config.outputDirectory)
            if outputs.contains(where: { $0.standardizedFileURL == profile.config.outputDirectory.standardizedFileURL }) {
                throw element.failure(
                    "outputDirectory: \(profile.config.outputDirectory.path) is already in use; each profile needs its own")
            }
            profiles.append(profile)
        }
        return profiles
    }

    /// What the one sweep asks the catalog for: every type any profile (or one of its artist rules)
    /// wants, over the widest window. Each profile's diff then keeps only its own.
    static func sweptFeed(_ profiles: [Profile]) -> FeedConfig {
        var feed = FeedConfig()
        let wanted = profiles.map(\.config.fetchedTypes)
        feed.types = wanted.dropFirst().reduce(wanted[0]) { union, types in
            TypeSelection(primary: union.primary.union(types.primary), secondary: union.secondary.union(types.secondary))
        }
        feed.windowDays = profiles.map(\.config.feed.windowDays).max() ?? feed.windowDays
        return feed
    }

    private init(_ field: ConfigField, household: Config, folder: URL) throws {
        var object = try field.object()
        let nameField = try object.required("name")
        let name = try nameField.string()
        self.name = name
        guard Self.isValidName(name) else {
            throw nameField.failure("'\(name)' must be 1 to 32 lower-case letters, digits, '-' or '_', starting with a letter or digit")
        }
        var config = household
        config.profileName = name
        config.catalogDatabase = household.stateDatabase
        // The pings are the household's; a profile's metrics go to a file of their own beside the
        // household's (`deepcut-ana.prom`), each sample labelled with the profile.
        config.monitoring = nil
        config.prometheusTextfile = household.prometheusTextfile.map { file in
            let stem = file.deletingPathExtension().lastPathComponent
            return file.deletingLastPathComponent().appendingPathComponent("\(stem)-\(name)").appendingPathExtension(file.pathExtension)
        }
        let (library, maxShrinkPercent) = try Config.library(object.required("library"), folder: folder)
        config.library = library
        config.libraryMaxShrinkPercent = maxShrinkPercent ?? config.libraryMaxShrinkPercent
        config.artistSources = try object.optional("artistSources").map { try ArtistSource.sources($0, folder: folder) } ?? []
        config.autoAcceptPlays = try object.optional("autoAcceptPlays")?.integer(in: 1...1_000_000)
        config.feed = try object.optional("feed").map { try FeedConfig($0, defaults: household.feed) } ?? household.feed
        config.notify = try object.optional("notify").map { try ChannelConfig.channels($0, folder: folder) } ?? []
        if let filters = object.optional("filters") {
            try Self.readFilters(filters, into: &config)
        }
        config.stateDatabase =
            try object.optional("stateDatabase")?.path(relativeTo: folder)
            ?? household.stateDatabase.deletingLastPathComponent().appendingPathComponent("profiles/\(name)/state.db")
        let outputDirectory = try object.optional("outputDirectory")?.path(relativeTo: folder)
        config.outputDirectory = outputDirectory ?? household.outputDirectory.appendingPathComponent(name, isDirectory: true)
        // The feeds' self links: the profile's folder is served below the household's by default;
        // a folder of its own is served wherever its own `publish.baseURL` says.
        config.publish.baseURL = outputDirectory == nil ? household.publish.baseURL?.appendingPathComponent(name, isDirectory: true) : nil
        if let publish = object.optional("publish") {
            config.publish = try PublishConfig(publish, defaults: config.publish)
        }
        try object.rejectUnknownKeys()
        try household.checkPlayableIn(config.feed, key: "\(field.path).feed.playableIn")
        self.config = config
    }

    /// `filters`: the profile's `artistRules`, and `hideVariants`, `excludeGenres`, `excludeLabels`,
    /// which replace what its `feed` (or the household's) says.
    private static func readFilters(_ field: ConfigField, into config: inout Config) throws {
        var object = try field.object()
        config.artistRules = try object.optional("artistRules")?.artistRules() ?? []
        config.feed.hideVariants = try object.optional("hideVariants")?.boolean() ?? config.feed.hideVariants
        config.feed.excludeGenres = try object.optional("excludeGenres")?.names() ?? config.feed.excludeGenres
        config.feed.excludeLabels = try object.optional("excludeLabels")?.names() ?? config.feed.excludeLabels
        try object.rejectUnknownKeys()
    }
}

extension Config {
    /// The profile called `name`; nil when there is none.
    package func profile(named name: String) -> Profile? {
        profiles.first { $0.name == name }
    }
}
