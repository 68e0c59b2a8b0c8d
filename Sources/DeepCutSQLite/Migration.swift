/// One step of a schema's history. Shipped migrations never change: a new need is a new version.
package struct Migration: Sendable {
    /// The `user_version` the database has once this step is applied; 1, 2, 3… in order.
    let version: Int
    let apply: @Sendable (Connection) throws -> Void

    package init(version: Int, apply: @escaping @Sendable (Connection) throws -> Void) {
        self.version = version
        self.apply = apply
    }

    /// A step that is plain DDL.
    package init(version: Int, sql: String) {
        self.init(version: version) { connection in try connection.executeScript(sql) }
    }
}
