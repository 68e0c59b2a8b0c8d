import Foundation
import DeepCutCore

/// The decoded, validated configuration. Paths are absolute (resolved against the config file's folder).
package struct Config: Sendable {
    /// The file this was read from.
    package var file: URL
    package var library: [LibrarySource]
    /// `library.maxShrinkPercent`: a library whose artists shrink by more than this share against the
    /// last complete run is refused (exit 65) unless `sweep --accept-library-change` is given.
    package var libraryMaxShrinkPercent = 50
    package var catalog: CatalogConfig
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

    package init(file: URL, library: [LibrarySource], catalog: CatalogConfig, feed: FeedConfig,
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
