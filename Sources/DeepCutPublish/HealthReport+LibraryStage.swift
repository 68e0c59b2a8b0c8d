extension HealthReport {
    /// The LoadLibrary stage: what was read from where, and the row-level warnings.
    package struct LibraryStage: Sendable, Hashable, Codable {
        /// The report keeps the first this many warning messages; `warningCount` has them all.
        package static let warningLimit = 50

        package var status: StageStatus
        package var albums: Int
        package var artists: Int
        package var sources: [SourceSummary]
        package var warnings: [String]
        package var warningCount: Int

        /// - Parameter warnings: every warning; the first `warningLimit` are kept.
        package init(status: StageStatus, albums: Int, artists: Int, sources: [SourceSummary], warnings: [String]) {
            self.status = status
            self.albums = albums
            self.artists = artists
            self.sources = sources
            self.warnings = Array(warnings.prefix(Self.warningLimit))
            self.warningCount = warnings.count
        }

        package static let notRun = LibraryStage(status: .notRun, albums: 0, artists: 0, sources: [], warnings: [])
    }

    /// One configured library source.
    package struct SourceSummary: Sendable, Hashable, Codable {
        /// The source's path as configured.
        package var source: String
        /// The config's `format` string.
        package var format: String
        package var albums: Int
        package var warnings: Int

        package init(source: String, format: String, albums: Int, warnings: Int) {
            self.source = source
            self.format = format
            self.albums = albums
            self.warnings = warnings
        }
    }
}
