/// A Swift type that binds to a statement parameter and reads back from a column.
///
/// Reads are failable so a wrong type or an unknown enum value becomes a `DatabaseError`
/// naming the column, not a crash or a silent default.
package protocol DatabaseValueConvertible {
    var databaseValue: DatabaseValue { get }
    init?(databaseValue: DatabaseValue)
}
