import Foundation

extension Config {
    /// Reads the whole document. Relative paths resolve against the folder of `file`.
    init(_ field: ConfigField, file: URL) throws {
        let folder = file.deletingLastPathComponent()
        var document = try field.object()
        let (library, maxShrinkPercent) = try Self.library(document.required("library"), folder: folder)
        let catalog = try document.optional("catalog").map { try CatalogConfig($0, folder: folder) } ?? CatalogConfig()
        let feed = try document.optional("feed").map(FeedConfig.init) ?? FeedConfig()
        let stateDatabase = try document.optional("stateDatabase")?.path(relativeTo: folder)
        let outputDirectory = try document.optional("outputDirectory")?.path(relativeTo: folder)
        self.init(file: file, library: library, catalog: catalog, feed: feed,
                  stateDatabase: stateDatabase ?? folder.appendingPathComponent("state.db"),
                  outputDirectory: outputDirectory ?? folder.appendingPathComponent("feed"))
        libraryMaxShrinkPercent = maxShrinkPercent ?? libraryMaxShrinkPercent
        // Upper bounds are far beyond any sensible setting and keep every later conversion in range.
        keepSnapshots = try document.optional("keepSnapshots")?.integer(in: 1...100_000) ?? keepSnapshots
        ttlHours = try document.optional("ttlHours")?.positiveNumber(atMost: 8_760) ?? ttlHours
        repairWindowMinutes = try document.optional("repairWindowMinutes")?.integer(in: 0...525_600) ?? repairWindowMinutes
        publish = try document.optional("publish").map(PublishConfig.init) ?? publish
        prometheusTextfile = try document.optional("prometheusTextfile")?.path(relativeTo: folder)
        artistOverrides = try document.optional("artistOverrides")?.artistOverrides() ?? artistOverrides
        try document.rejectUnknownKeys()
    }

    /// `library`: the array of sources, or an object `{"sources": [...], "maxShrinkPercent": 50}` for the options.
    private static func library(_ field: ConfigField, folder: URL) throws -> ([LibrarySource], maxShrinkPercent: Int?) {
        switch field.value {
        case .array:
            return (try field.nonEmptyArray().map { try LibrarySource($0, folder: folder) }, nil)
        case .object:
            var object = try field.object()
            let sources = try object.required("sources").nonEmptyArray().map { try LibrarySource($0, folder: folder) }
            let maxShrinkPercent = try object.optional("maxShrinkPercent")?.integer(in: 0...100)
            try object.rejectUnknownKeys()
            return (sources, maxShrinkPercent)
        default:
            throw field.failure("expected an array of sources or an object with 'sources', got \(field.value.kindName)")
        }
    }
}
