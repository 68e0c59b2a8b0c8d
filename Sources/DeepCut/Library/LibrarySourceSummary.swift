/// Per-source counts for the health report.
public struct LibrarySourceSummary: Sendable, Hashable {
    /// The source's name: the file's name, or the API's host.
    public var source: String
    public var format: LibraryFormat
    public var albums: Int
    public var warnings: Int
    /// Items deliberately left out, not errors: non-music tracks of a Library.xml.
    public var skipped: Int

    public init(source: String, format: LibraryFormat, albums: Int, warnings: Int, skipped: Int = 0) {
        self.source = source
        self.format = format
        self.albums = albums
        self.warnings = warnings
        self.skipped = skipped
    }
}
