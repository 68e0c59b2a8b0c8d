/// A library row that was skipped: reported and counted, never fatal, so one bad row cannot hide a library.
package struct LibraryWarning: Sendable, Hashable, CustomStringConvertible {
    /// Where in the source.
    package enum Location: Sendable, Hashable {
        /// A line of a text format.
        case line(Int)
        /// A 1-based position in a JSON array or an API's list.
        case item(Int)
        /// A record named by its own id, such as `album 17` in a beets database or `track 1234` in a Library.xml.
        case record(String)
    }

    /// The source's name, as messages show it.
    package var file: String
    package var location: Location
    package var problem: String

    package init(file: String, location: Location, problem: String) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    /// `library.csv:14: missing artist`, `library.json: item 7: missing title` or `library.db: album 17: missing title`.
    package var description: String {
        switch location {
        case .line(let line): "\(file):\(line): \(problem)"
        case .item(let item): "\(file): item \(item): \(problem)"
        case .record(let record): "\(file): \(record): \(problem)"
        }
    }
}
