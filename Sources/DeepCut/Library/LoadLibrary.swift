import DeepCutCore

/// Stage 1: reads every configured library source into owned albums and the artists to sweep.
///
/// A bad row is a counted warning; an unreadable or malformed file stops the run with a `LibraryError`
/// (exit 65), because sweeping against half a library would publish albums the user already owns.
public struct LoadLibrary: Sendable {
    private let registry: LibraryReaderRegistry

    public init(registry: LibraryReaderRegistry = .standard) {
        self.registry = registry
    }

    public func run(_ sources: [LibrarySource]) throws -> LibraryOutcome {
        let readers = try registry.readers(for: sources)
        var albums: [LibraryAlbum] = []
        var summaries: [LibrarySourceSummary] = []
        var warnings: [LibraryWarning] = []
        for (source, reader) in zip(sources, readers) {
            let result = try reader.read(source)
            albums += result.albums
            warnings += result.warnings
            summaries.append(LibrarySourceSummary(source: result.fileName, format: source.format,
                                                  albums: result.albums.count, warnings: result.warnings.count))
        }
        return LibraryOutcome(albums: albums, artists: Self.artists(of: albums), sources: summaries, warnings: warnings)
    }

    /// Distinct sweepable artists: deduplicated by normalised name, first spelling and library order kept.
    static func artists(of albums: [LibraryAlbum]) -> [String] {
        var seen: Set<String> = []
        return albums.map(\.artist).filter { artist in
            !ArtistName.isPlaceholder(artist) && seen.insert(ArtistName.normalize(artist)).inserted
        }
    }
}
