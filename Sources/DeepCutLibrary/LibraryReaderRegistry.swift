import DeepCutConfig

/// Which reader handles which `LibraryFormat`. Adding a format is one reader file plus one line in `standard`.
package struct LibraryReaderRegistry: Sendable {
    private let readers: [LibraryFormat: any LibraryReader]

    package init(readers: [LibraryFormat: any LibraryReader]) {
        self.readers = readers
    }

    /// The readers that ship with `deepcut`.
    package static let standard = LibraryReaderRegistry(readers: [
        .csv: CSVLibraryReader(),
        .json: JSONLibraryReader(),
        .itunesXML: ITunesXMLLibraryReader(),
        .beets: BeetsLibraryReader(),
        .appleMusicLibrary: AppleMusicLibraryReader(),
    ])

    /// One reader per source, in order. Fails on the first format without a reader, before any file is read,
    /// with a `ConfigError` (exit 78): the fix is in the config, not the library file.
    package func readers(for sources: [LibrarySource]) throws -> [any LibraryReader] {
        try sources.enumerated().map { index, source in
            guard let reader = readers[source.format] else {
                throw ConfigError(message: "library[\(index)]: format '\(source.format.rawValue)' is not supported yet")
            }
            return reader
        }
    }
}
