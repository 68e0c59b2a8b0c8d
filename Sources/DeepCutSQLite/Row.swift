/// The current row of a query, handed to the closure that maps it.
///
/// A view on the statement, not a copy: valid only inside that closure.
package struct Row {
    private let statement: Statement

    init(_ statement: Statement) {
        self.statement = statement
    }

    /// The value of a 0-based column as `T`; use an Optional `T` for columns that may be NULL.
    package func get<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type = T.self) throws -> T {
        try statement.value(at: index, as: type)
    }

}
