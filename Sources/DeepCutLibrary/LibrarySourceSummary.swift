import DeepCutConfig

/// Per-source counts for the health report.
package struct LibrarySourceSummary: Sendable, Hashable {
    /// The source's name: the file's name, or the API's host.
    package var source: String
    package var format: LibraryFormat
    package var albums: Int
    package var warnings: Int
    /// Items deliberately left out, not errors: non-music tracks of a Library.xml.
    package var skipped: Int

    package init(source: String, format: LibraryFormat, albums: Int, warnings: Int, skipped: Int = 0) {
        self.source = source
        self.format = format
        self.albums = albums
        self.warnings = warnings
        self.skipped = skipped
    }
}
