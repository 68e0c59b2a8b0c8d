/// Reads one library source. One conforming type per `LibraryFormat`, registered in `LibraryReaderRegistry`.
///
/// A bad row is a warning in the result; a file that cannot be read or parsed at all throws a `LibraryError`.
public protocol LibraryReader: Sendable {
    func read(_ source: LibrarySource) throws -> LibraryReadResult
}
