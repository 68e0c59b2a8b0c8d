/// Per-source counts for the health report.
public struct LibrarySourceSummary: Sendable, Hashable {
    /// The file's name.
    public var source: String
    public var format: LibraryFormat
    public var albums: Int
    public var warnings: Int

    public init(source: String, format: LibraryFormat, albums: Int, warnings: Int) {
        self.source = source
        self.format = format
        self.albums = albums
        self.warnings = warnings
    }
}
