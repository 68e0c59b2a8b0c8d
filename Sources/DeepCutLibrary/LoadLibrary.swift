import DeepCutConfig
import DeepCutCore
import DeepCutHTTP

/// Stage 1: reads every configured library source into owned albums and the artists to sweep.
///
/// A bad row is a counted warning; an unreadable or malformed file stops the run with a `LibraryError`
/// (exit 65), because sweeping against half a library would publish albums the user already owns.
/// An API source that cannot be reached throws `LibraryUnavailableError` (exit 75); rejected
/// credentials throw a `ConfigError` (exit 78).
///
/// A library file is read whole and stable: its size and modification time (and which file the path
/// names) are compared before and after the read, and a file that changed is read once more; changed
/// again, it is exit 65, because an export being rewritten gives a fraction of the library.
package struct LoadLibrary: Sendable {
    /// Reads of one file before "changed while being read" is final.
    static let readAttempts = 2

    private let registry: LibraryReaderRegistry

    package init(registry: LibraryReaderRegistry) {
        self.registry = registry
    }

    /// The standard readers, an API source read over `client` with its credentials looked up in `environment`.
    package init(client: any HTTPClient, environment: [String: String]) {
        self.init(registry: .standard(client: client, environment: environment))
    }

    /// Reads the sources one after another, in configured order.
    package func run(_ sources: [LibrarySource]) async throws -> LibraryOutcome {
        let readers = try registry.readers(for: sources)
        var results: [LibraryReadResult] = []
        for (source, reader) in zip(sources, readers) {
            results.append(try await Self.read(source, with: reader))
        }
        return Self.outcome(of: results)
    }

    /// One source; for a file, a read whose file did not change while it was read.
    private static func read(_ source: LibrarySource, with reader: any LibraryReader) async throws -> LibraryReadResult {
        guard source.format != .appleMusicLibrary else { return try await reader.read(source) }
        for _ in 1..<readAttempts {
            if let result = try await stableRead(source, with: reader) { return result }
        }
        guard let result = try await stableRead(source, with: reader) else { throw LibraryError.changedWhileRead(source.path) }
        return result
    }

    /// - Returns: nil when the file's stamp differs before and after the read, also when the read
    ///   failed: a file caught half-written is malformed only for the moment.
    private static func stableRead(_ source: LibrarySource, with reader: any LibraryReader) async throws -> LibraryReadResult? {
        if Task.isCancelled { throw LibraryReadCancelledError(file: source.path) }
        let before = try LibraryFile.stamp(of: source.path)
        let result: LibraryReadResult
        do {
            if let fileReader = reader as? any LibraryFileReader {
                result = try await BlockingQueue.files.run { try fileReader.read(source) }
            } else {
                result = try await reader.read(source)
            }
        } catch let error as LibraryError {
            guard try LibraryFile.stamp(of: source.path) == before else { return nil }
            throw error
        }
        return try LibraryFile.stamp(of: source.path) == before ? result : nil
    }

    /// Merges per-source results: albums and warnings in order, artists deduplicated across sources,
    /// the first MusicBrainz id seen for a name or album kept.
    static func outcome(of results: [LibraryReadResult]) -> LibraryOutcome {
        var outcome = LibraryOutcome(albums: [], artists: [], sources: [], warnings: [])
        var seenArtists: Set<String> = []
        // A name met again adds nothing, so it is folded once: 50,000 albums name ~5,000 artists.
        var seenNames: Set<String> = []
        for result in results {
            outcome.albums += result.albums
            outcome.warnings += result.warnings
            outcome.sources.append(
                LibrarySourceSummary(
                    source: result.sourceName, format: result.source.format,
                    albums: result.albums.count, warnings: result.warnings.count,
                    skipped: result.skipped))
            for artist in result.albums.map(\.artist) + result.additionalArtists
            where seenNames.insert(artist).inserted && !ArtistName.isPlaceholder(artist)
                && seenArtists.insert(ArtistName.groupingKey(artist)).inserted
            {
                outcome.artists.append(artist)
            }
            outcome.musicBrainzArtistIDs.merge(result.musicBrainzArtistIDs) { first, _ in first }
            outcome.musicBrainzReleaseGroupIDs.merge(result.musicBrainzReleaseGroupIDs) { first, _ in first }
            outcome.appleMusicArtistIDs.merge(result.appleMusicArtistIDs) { first, _ in first }
            outcome.appleMusicAlbumIDs.merge(result.appleMusicAlbumIDs) { first, _ in first }
        }
        return outcome
    }
}
