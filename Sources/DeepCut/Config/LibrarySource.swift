import Foundation

/// One entry of the config's `library` array.
public struct LibrarySource: Sendable, Hashable {
    public var format: LibraryFormat
    public var path: URL

    public init(format: LibraryFormat, path: URL) {
        self.format = format
        self.path = path
    }
}
