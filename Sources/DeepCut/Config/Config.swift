import Foundation
import DeepCutCore

/// The decoded, validated configuration. Paths are absolute (resolved against the config file's folder).
public struct Config: Sendable {
    /// The file this was read from.
    public var file: URL
    public var library: [LibrarySource]
    /// `library.maxShrinkPercent`: a library whose artists shrink by more than this share against the
    /// last complete run is refused (exit 65) unless `sweep --accept-library-change` is given.
    public var libraryMaxShrinkPercent = 50
    public var catalog: CatalogConfig
    public var feed: FeedConfig
    public var stateDatabase: URL
    public var outputDirectory: URL
    public var keepSnapshots: Int
    public var ttlHours: Double
    /// After a partial run, reuse artists' definite answers younger than this instead of asking again (0 = never).
    public var repairWindowMinutes: Int = 120
    public var publish = PublishConfig()
    /// Where the Prometheus textfile goes (for node_exporter's textfile collector); nil: not written.
    public var prometheusTextfile: URL?
    /// `artistOverrides`: library artist name → catalog id, pinning names the search gets wrong.
    public var artistOverrides: [String: String] = [:]

    public init(file: URL, library: [LibrarySource], catalog: CatalogConfig, feed: FeedConfig,
                stateDatabase: URL, outputDirectory: URL, keepSnapshots: Int = 30, ttlHours: Double = 24) {
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
