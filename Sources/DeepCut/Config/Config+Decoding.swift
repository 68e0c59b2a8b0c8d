import Foundation

extension Config {
    /// Reads the whole document. Relative paths resolve against the folder of `file`.
    init(_ field: ConfigField, file: URL) throws {
        let folder = file.deletingLastPathComponent()
        var document = try field.object()
        let library = try document.required("library").nonEmptyArray().map { try LibrarySource($0, folder: folder) }
        let catalog = try document.optional("catalog").map { try CatalogConfig($0, folder: folder) } ?? CatalogConfig()
        let feed = try document.optional("feed").map(FeedConfig.init) ?? FeedConfig()
        let stateDatabase = try document.optional("stateDatabase")?.path(relativeTo: folder)
        let outputDirectory = try document.optional("outputDirectory")?.path(relativeTo: folder)
        self.init(file: file, library: library, catalog: catalog, feed: feed,
                  stateDatabase: stateDatabase ?? folder.appendingPathComponent("state.db"),
                  outputDirectory: outputDirectory ?? folder.appendingPathComponent("feed"))
        // Upper bounds are far beyond any sensible setting and keep every later conversion in range.
        keepSnapshots = try document.optional("keepSnapshots")?.integer(in: 1...100_000) ?? keepSnapshots
        ttlHours = try document.optional("ttlHours")?.positiveNumber(atMost: 8_760) ?? ttlHours
        repairWindowMinutes = try document.optional("repairWindowMinutes")?.integer(in: 0...525_600) ?? repairWindowMinutes
        publish = try document.optional("publish").map(PublishConfig.init) ?? publish
        prometheusTextfile = try document.optional("prometheusTextfile")?.path(relativeTo: folder)
        artistOverrides = try document.optional("artistOverrides")?.artistOverrides() ?? artistOverrides
        try document.rejectUnknownKeys()
    }
}
