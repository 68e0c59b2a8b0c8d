import DeepCutCore
import Foundation

/// The config `deepcut init` writes: one library source, the public iTunes catalog (no key needed),
/// and absolute paths for the state database and the feed folder, so the file means the same
/// wherever it is copied. Everything else is left to its documented default.
package struct InitialConfig: Sendable, Equatable {
    package var library: LibrarySource
    package var stateDatabase: URL
    package var outputDirectory: URL

    package init(library: LibrarySource, stateDatabase: URL, outputDirectory: URL) {
        self.library = library
        self.stateDatabase = stateDatabase
        self.outputDirectory = outputDirectory
    }

    /// The file's text: keys in the README's order, two-space indent, a final newline.
    package var text: String {
        func quoted(_ text: String) -> String { JSONStringLiteral.quoting(text) }
        return """
            {
              "library": [{"format": \(quoted(library.format.rawValue)), "path": \(quoted(library.path.path))}],
              "catalog": {"provider": "itunes", "country": "us"},
              "feed": {"windowDays": 120},
              "stateDatabase": \(quoted(stateDatabase.path)),
              "outputDirectory": \(quoted(outputDirectory.path)),
              "keepSnapshots": 30,
              "ttlHours": 24
            }

            """
    }
}
