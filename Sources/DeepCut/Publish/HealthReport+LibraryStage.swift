extension HealthReport {
    /// The LoadLibrary stage: what was read from where, and the row-level warnings.
    public struct LibraryStage: Sendable, Hashable, Codable {
        /// The report keeps the first this many warning messages; `warningCount` has them all.
        public static let warningLimit = 50

        public var status: StageStatus
        public var albums: Int
        public var artists: Int
        public var sources: [SourceSummary]
        public var warnings: [String]
        public var warningCount: Int

        /// - Parameter warnings: every warning; the first `warningLimit` are kept.
        public init(status: StageStatus, albums: Int, artists: Int, sources: [SourceSummary], warnings: [String]) {
            self.status = status
            self.albums = albums
            self.artists = artists
            self.sources = sources
            self.warnings = Array(warnings.prefix(Self.warningLimit))
            self.warningCount = warnings.count
        }

        public static let notRun = LibraryStage(status: .notRun, albums: 0, artists: 0, sources: [], warnings: [])
    }

    /// One configured library source.
    public struct SourceSummary: Sendable, Hashable, Codable {
        /// The source's path as configured.
        public var source: String
        /// The config's `format` string.
        public var format: String
        public var albums: Int
        public var warnings: Int

        public init(source: String, format: String, albums: Int, warnings: Int) {
            self.source = source
            self.format = format
            self.albums = albums
            self.warnings = warnings
        }
    }
}
