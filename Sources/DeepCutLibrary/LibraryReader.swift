import DeepCutConfig
import DeepCutHTTP

/// Reads one library source. One conforming type per `LibraryFormat`, registered in `LibraryReaderRegistry`.
///
/// A bad row is a warning in the result; a file that cannot be read or parsed at all throws a `LibraryError`.
/// The requirement is `async` because a source may be an API (`apple-music-library`); file readers
/// satisfy it with a synchronous `read`, which callers outside the stage may call without `await`.
package protocol LibraryReader: Sendable {
    func read(_ source: LibrarySource) async throws -> LibraryReadResult
}

/// A reader of a local file: its `read` is synchronous and blocks on the disk, so `LoadLibrary`
/// runs it on `BlockingQueue.files`, never on a cooperative thread. Long reads check
/// `BlockingQueue.isCancelled`, which sees the waiting run's cancellation across that hop.
package protocol LibraryFileReader: LibraryReader {
    func read(_ source: LibrarySource) throws -> LibraryReadResult
}

/// Which reader handles which `LibraryFormat`. Adding a format is one reader file plus one line in `files`
/// (or, for an API, in `standard`).
package struct LibraryReaderRegistry: Sendable {
    private let readers: [LibraryFormat: any LibraryReader]

    package init(readers: [LibraryFormat: any LibraryReader]) {
        self.readers = readers
    }

    /// The readers of the file formats: they need nothing from their caller.
    package static let files = LibraryReaderRegistry(readers: [
        .csv: CSVLibraryReader(),
        .json: JSONLibraryReader(),
        .itunesXML: ITunesXMLLibraryReader(),
        .beets: BeetsLibraryReader()
    ])

    /// The readers that ship with `deepcut`: the file formats', and the Apple Music library's over the
    /// caller's client, its credentials looked up in the caller's environment.
    package static func standard(client: any HTTPClient, environment: [String: String]) -> LibraryReaderRegistry {
        var readers = files.readers
        readers[.appleMusicLibrary] = AppleMusicLibraryReader(client: client, environment: environment)
        return LibraryReaderRegistry(readers: readers)
    }

    /// The formats `standard` reads.
    static let standardFormats = Set(files.readers.keys).union([.appleMusicLibrary])

    /// One reader per source, in order. Fails on the first format without a reader, before any file is read,
    /// with a `ConfigError` (exit 78): the fix is in the config, not the library file.
    package func readers(for sources: [LibrarySource]) throws -> [any LibraryReader] {
        try Self.checkFormats(sources) { readers[$0] != nil }
        return sources.map { readers[$0.format]! }
    }

    /// Fails as `standard`'s `readers(for:)` would, without a client or any reader: `check-config`.
    package static func checkFormats(_ sources: [LibrarySource]) throws {
        try checkFormats(sources) { standardFormats.contains($0) }
    }

    private static func checkFormats(_ sources: [LibrarySource], supported: (LibraryFormat) -> Bool) throws {
        for (index, source) in sources.enumerated() where !supported(source.format) {
            throw ConfigError(message: "library[\(index)]: format '\(source.format.rawValue)' is not supported yet")
        }
    }
}
