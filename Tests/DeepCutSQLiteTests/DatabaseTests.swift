import CSQLite
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCore
@testable import DeepCutSQLite

@Suite struct DatabaseTests {
    // MARK: Binding and reading

    @Test func bindsAndReadsEveryType() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            let blob = Data([0, 1, 2, 255])
            let values = try database.withConnection { connection in
                try connection.execute("CREATE TABLE t (i, r, s, b, n)")
                try connection.execute(
                    "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                    [Int.min, 0.1, "Café 🎧\u{1F}x", blob, String?.none])
                return try connection.query("SELECT i, r, s, b, n FROM t") { row in
                    (
                        try row.get(0, as: Int.self), try row.get(1, as: Double.self), try row.get(2, as: String.self),
                        try row.get(3, as: Data.self), try row.get(4, as: String?.self), try row.get(4, as: DatabaseValue.self)
                    )
                }
            }
            let row = try #require(values.first)
            #expect(row.0 == Int.min)
            #expect(row.1 == 0.1)
            #expect(row.2 == "Café 🎧\u{1F}x")
            #expect(row.3 == blob)
            #expect(row.4 == nil)
            #expect(row.5 == .null)
        }
    }

    @Test func keepsEmptyTextAndEmptyBlobApartFromNull() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            let values = try database.withConnection { connection in
                try connection.execute("CREATE TABLE t (s, b)")
                try connection.execute("INSERT INTO t VALUES (?, ?)", ["", Data()])
                return try connection.query("SELECT s, b, typeof(b) FROM t") { row in
                    [
                        try row.get(0, as: DatabaseValue.self), try row.get(1, as: DatabaseValue.self),
                        try row.get(2, as: DatabaseValue.self)
                    ]
                }
            }
            #expect(values == [[.text(""), .blob(Data()), .text("blob")]])
        }
    }

    @Test func bindsByIndex() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            let result = try database.withConnection { connection in
                let statement = try connection.prepare("SELECT ?2 - ?1")
                try statement.bind(10, at: 1)
                try statement.bind(2.5, at: 2)
                return (try statement.step(), try statement.value(at: 0, as: Double.self), try statement.step())
            }
            #expect(result == (true, -7.5, false))
        }
    }

    @Test func readingNullAsNonOptionalNamesTheColumn() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            let error = #expect(throws: DatabaseError.self) {
                try database.withConnection { connection in
                    try connection.query("SELECT NULL AS title") { try $0.get(0, as: String.self) }
                }
            }
            #expect(error?.resultCode == SQLITE_MISMATCH)
            #expect(error?.message.contains("column title: cannot read NULL as String") == true)
        }
    }

    @Test func refusesWrongArgumentCountAndTrailingStatements() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            let countError = #expect(throws: DatabaseError.self) {
                try database.withConnection { try $0.execute("SELECT ?, ?", [1]) }
            }
            #expect(countError?.detail == "1 arguments for 2 parameters")
            let scriptError = #expect(throws: DatabaseError.self) {
                try database.withConnection { try $0.execute("CREATE TABLE a (x); CREATE TABLE b (x)") }
            }
            #expect(scriptError?.resultCode == SQLITE_MISUSE)
            let tables = try database.withConnection { connection in
                try connection.query("SELECT name FROM sqlite_master") { try $0.get(0, as: String.self) }
            }
            #expect(tables.isEmpty)
        }
    }

    @Test func executeCountsChangedRows() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            let changes = try database.withConnection { connection in
                [
                    try connection.execute("CREATE TABLE t (x)"),
                    try connection.execute("INSERT INTO t VALUES (1), (2), (3)"),
                    try connection.execute("DELETE FROM t WHERE x > ?", [1]),
                    try connection.execute("DELETE FROM t WHERE x > ?", [1])
                ]
            }
            #expect(changes == [0, 3, 2, 0])
        }
    }

    @Test func syntaxErrorCarriesCodeSQLAndPath() throws {
        try ScratchFolder.with { folder in
            let path = folder.appendingPathComponent("t.db").path
            let database = try Database(path: path)
            let error = #expect(throws: DatabaseError.self) {
                try database.withConnection { try $0.execute("SELEC 1") }
            }
            #expect(error?.primaryResultCode == SQLITE_ERROR)
            #expect(error?.sql == "SELEC 1")
            #expect(error?.path == path)
            #expect(error?.exitCode == .ioError)
            #expect(error?.message.hasPrefix("\(path): near \"SELEC\": syntax error") == true)
            #expect(error?.message.contains("\n") == false)
        }
    }

    // MARK: Transactions

    @Test func transactionCommitsWhenBodyReturns() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            try database.withConnection { try $0.execute("CREATE TABLE t (x)") }
            try database.transaction { try $0.execute("INSERT INTO t VALUES (1)") }
            #expect(try count(database) == 1)
        }
    }

    @Test func transactionRollsBackWhenBodyThrows() throws {
        struct Abandon: Error {}
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            try database.withConnection { try $0.execute("CREATE TABLE t (x)") }
            #expect(throws: Abandon.self) {
                try database.transaction { connection in
                    try connection.execute("INSERT INTO t VALUES (1)")
                    throw Abandon()
                }
            }
            #expect(try count(database) == 0)
            // The connection is usable again: no transaction was left open.
            try database.transaction { try $0.execute("INSERT INTO t VALUES (2)") }
            #expect(try count(database) == 1)
        }
    }

    @Test func transactionRollsBackWhenAStatementFails() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            try database.withConnection { try $0.execute("CREATE TABLE t (x PRIMARY KEY)") }
            let error = #expect(throws: DatabaseError.self) {
                try database.transaction { connection in
                    try connection.execute("INSERT INTO t VALUES (1)")
                    try connection.execute("INSERT INTO t VALUES (1)")
                }
            }
            #expect(error?.primaryResultCode == SQLITE_CONSTRAINT)
            #expect(try count(database) == 0)
        }
    }

    // MARK: Opening

    @Test func readWriteOpenSetsWALBusyTimeoutAndForeignKeys() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            let settings = try database.withConnection { connection in
                (
                    try connection.query("PRAGMA journal_mode") { try $0.get(0, as: String.self) },
                    try connection.query("PRAGMA busy_timeout") { try $0.get(0, as: Int.self) },
                    try connection.query("PRAGMA foreign_keys") { try $0.get(0, as: Int.self) }
                )
            }
            #expect(settings.0 == ["wal"])
            #expect(settings.1 == [5000])
            #expect(settings.2 == [1])
        }
    }

    @Test func readOnlyOpenNeitherCreatesNorWrites() throws {
        try ScratchFolder.with { folder in
            let missing = folder.appendingPathComponent("missing.db").path
            let openError = #expect(throws: DatabaseError.self) { try Database(path: missing, access: .readOnly) }
            #expect(openError?.primaryResultCode == SQLITE_CANTOPEN)
            #expect(!FileManager.default.fileExists(atPath: missing))

            let path = folder.appendingPathComponent("t.db").path
            try Database(path: path).withConnection { try $0.execute("CREATE TABLE t (x)") }
            let readOnly = try Database(path: path, access: .readOnly)
            #expect(try readOnly.withConnection { try $0.query("SELECT count(*) FROM t") { try $0.get(0, as: Int.self) } } == [0])
            let writeError = #expect(throws: DatabaseError.self) {
                try readOnly.withConnection { try $0.execute("INSERT INTO t VALUES (1)") }
            }
            #expect(writeError?.primaryResultCode == SQLITE_READONLY)
        }
    }

    // MARK: Helpers

    private func count(_ database: Database) throws -> Int {
        try database.withConnection { try $0.query("SELECT count(*) FROM t") { try $0.get(0, as: Int.self) } }.first ?? -1
    }
}
