/// Brings a database to the latest schema, tracked by `PRAGMA user_version`.
///
/// Each step runs in its own `BEGIN IMMEDIATE` transaction together with its version bump, so a
/// crash leaves the database at the last whole step and two processes never apply a step twice.
package struct Migrator: Sendable {
    let migrations: [Migration]

    /// - Parameter migrations: versions 1, 2, 3… with no gaps; anything else is a programming error.
    package init(_ migrations: [Migration]) {
        precondition(
            migrations.map(\.version) == migrations.indices.map { $0 + 1 },
            "migrations must be numbered 1, 2, 3… in order")
        self.migrations = migrations
    }

    package var latestVersion: Int { migrations.count }

    /// Applies every step the database lacks; a database already at the latest version is untouched.
    /// - Throws: `DatabaseError` when the schema is newer than this code knows, or a step fails.
    package func migrate(_ database: Database) throws {
        try database.withConnection { connection in
            guard try knownVersion(of: connection) < latestVersion else { return }
            for migration in migrations {
                try connection.transaction {
                    // Re-read under the write lock: another process may have migrated meanwhile.
                    guard try knownVersion(of: connection) < migration.version else { return }
                    try migration.apply(connection)
                    try connection.setUserVersion(migration.version)
                }
            }
        }
    }

    /// The database's schema version, refused when a newer deepcut wrote it: migrating
    /// down is impossible and writing to a schema we do not know could lose its data.
    private func knownVersion(of connection: Connection) throws -> Int {
        let version = try connection.userVersion
        guard version <= latestVersion else {
            throw DatabaseError.schemaTooNew(found: version, known: latestVersion, path: connection.path)
        }
        return version
    }
}

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
