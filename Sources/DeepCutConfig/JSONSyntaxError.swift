/// Where and why a JSON document failed to parse. Callers prefix the file name and pick the exit code.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    /// 1-based line of the offending byte.
    var line: Int
    /// 1-based column, counted in bytes from the line's start.
    var column: Int
    var problem: String

    /// `library.json:3:14: invalid JSON: expected ',' or ']'`.
    package func message(file: String) -> String {
        "\(file):\(line):\(column): invalid JSON: \(problem)"
    }
}
