/// A library row that was skipped: reported and counted, never fatal, so one bad row cannot hide a library.
public struct LibraryWarning: Sendable, Hashable, CustomStringConvertible {
    /// Where in the file: a line for text formats, a 1-based item number for JSON arrays.
    public enum Location: Sendable, Hashable {
        case line(Int)
        case item(Int)
    }

    /// The file's name, as messages show it.
    public var file: String
    public var location: Location
    public var problem: String

    public init(file: String, location: Location, problem: String) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    /// `library.csv:14: missing artist` or `library.json: item 7: missing title`.
    public var description: String {
        switch location {
        case .line(let line): "\(file):\(line): \(problem)"
        case .item(let item): "\(file): item \(item): \(problem)"
        }
    }
}
