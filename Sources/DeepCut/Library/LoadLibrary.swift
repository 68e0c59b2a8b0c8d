import DeepCutCore

/// Stage 1: reads every configured library source into owned albums and the artists to sweep.
///
/// A bad row is a counted warning; an unreadable or malformed file stops the run with a `LibraryError`
/// (exit 65), because sweeping against half a library would publish albums the user already owns.
/// An API source that cannot be reached throws `LibraryUnavailableError` (exit 75); rejected
/// credentials throw a `ConfigError` (exit 78).
public struct LoadLibrary: Sendable {
    private let registry: LibraryReaderRegistry

    public init(registry: LibraryReaderRegistry = .standard) {
        self.registry = registry
    }

    /// Reads the sources one after another, in configured order.
    public func run(_ sources: [LibrarySource]) async throws -> LibraryOutcome {
        let readers = try registry.readers(for: sources)
        var results: [LibraryReadResult] = []
        for (source, reader) in zip(sources, readers) {
            results.append(try await reader.read(source))
        }
        return Self.outcome(of: results)
    }

    /// Merges per-source results: albums and warnings in order, artists deduplicated across sources,
    /// the first MusicBrainz id seen for a name or album kept.
    static func outcome(of results: [LibraryReadResult]) -> LibraryOutcome {
        var outcome = LibraryOutcome(albums: [], artists: [], sources: [], warnings: [])
        var seenArtists: Set<String> = []
        for result in results {
            outcome.albums += result.albums
            outcome.warnings += result.warnings
            outcome.sources.append(LibrarySourceSummary(source: result.sourceName, format: result.source.format,
                                                        albums: result.albums.count, warnings: result.warnings.count,
                                                        skipped: result.skipped))
            for artist in result.albums.map(\.artist) + result.additionalArtists
            where !ArtistName.isPlaceholder(artist) && seenArtists.insert(ArtistName.normalize(artist)).inserted {
                outcome.artists.append(artist)
            }
            outcome.musicBrainzArtistIDs.merge(result.musicBrainzArtistIDs) { first, _ in first }
            outcome.musicBrainzReleaseGroupIDs.merge(result.musicBrainzReleaseGroupIDs) { first, _ in first }
        }
        return outcome
    }
}
