/// Tables a connection reads from an attached database rather than its own file.
///
/// A household profile's state database holds what is the profile's own (dismissals, feed
/// appearances, deliveries, runs…), while the catalog's tables (memory, identities, track lists)
/// are the household's, shared by every profile's diff. The household database is attached
/// (`ATTACH … AS catalog`) and every statement the connection prepares names these tables in that
/// schema, so repositories keep writing plain table names and one list says what is shared. The
/// profile's own file still has (empty) copies of those tables from the common migrations: they
/// are never read.
package struct AttachedTables: Sendable, Hashable {
    package var schema: String
    package var tables: Set<String>

    package init(schema: String, tables: Set<String>) {
        self.schema = schema
        self.tables = tables
    }

    /// `sql` with every unqualified mention of one of `tables` as `schema.table`. Quoted text
    /// (string literals, quoted identifiers) and already qualified names are left alone.
    package func qualify(_ sql: String) -> String {
        var output = ""
        output.reserveCapacity(sql.utf8.count + 16)
        var scalars = sql.unicodeScalars[...]
        var previous: Unicode.Scalar?
        while let scalar = scalars.first {
            if scalar == "'" || scalar == "\"" || scalar == "`" {
                // A quoted run up to its closing quote (a doubled quote inside reads as two runs).
                let quoted = scalars.dropFirst().prefix { $0 != scalar }
                let end = quoted.endIndex < scalars.endIndex ? scalars.index(after: quoted.endIndex) : quoted.endIndex
                output.unicodeScalars.append(contentsOf: scalars[scalars.startIndex..<end])
                scalars = scalars[end...]
                previous = scalar
                continue
            }
            guard Self.isIdentifier(scalar) else {
                output.unicodeScalars.append(scalar)
                scalars = scalars.dropFirst()
                previous = scalar
                continue
            }
            let word = scalars.prefix(while: Self.isIdentifier)
            let name = String(String.UnicodeScalarView(word))
            if previous != ".", tables.contains(name.lowercased()) {
                output += schema + "."
            }
            output += name
            scalars = scalars[word.endIndex...]
            previous = word.last
        }
        return output
    }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}
