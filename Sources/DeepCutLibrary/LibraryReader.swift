import DeepCutConfig

/// Reads one library source. One conforming type per `LibraryFormat`, registered in `LibraryReaderRegistry`.
///
/// A bad row is a warning in the result; a file that cannot be read or parsed at all throws a `LibraryError`.
/// The requirement is `async` because a source may be an API (`apple-music-library`); file readers
/// satisfy it with a synchronous `read`, which callers outside the stage may call without `await`.
package protocol LibraryReader: Sendable {
    func read(_ source: LibrarySource) async throws -> LibraryReadResult
}
