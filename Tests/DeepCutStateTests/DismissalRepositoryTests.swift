import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutSQLite
@testable import DeepCutState

@Suite struct DismissalRepositoryTests {
    private static let key = AlbumKey(title: "Fragments", artist: "Bonobo")

    private static func rich(at time: Double, title: String = "Fragments", releaseID: String = "1590000000") -> Dismissal {
        Dismissal(
            releaseID: releaseID, albumKey: key, dismissedAt: time, title: title, artistName: "Bonobo",
            artworkURL: "https://example.com/fragments.jpg", recordingType: .album,
            releaseDate: ReleaseDate(year: 2022, month: 1, day: 14))
    }

    private static func legacy(at time: Double, key: AlbumKey = key, releaseID: String = "1590000000") -> Dismissal {
        Dismissal(releaseID: releaseID, albumKey: key, dismissedAt: time)
    }

    // MARK: Reading

    @Test func storesEveryFieldAndListsNewestFirst() async throws {
        try await withStore { store throws in
            let older = Self.rich(at: 1_795_000_000.25)
            let partialDate = Dismissal(
                releaseID: "2", albumKey: AlbumKey(title: "Demo", artist: "Unknown"),
                dismissedAt: 1_795_000_100, releaseDate: ReleaseDate(year: 2019, month: 6))
            let newer = Self.legacy(at: 1_795_000_200, key: AlbumKey(title: "Migration", artist: "Bonobo"), releaseID: "3")
            try store.dismissals.save(older)
            try store.dismissals.save(newer)
            try store.dismissals.save(partialDate)

            #expect(try store.dismissals.all() == [newer, partialDate, older])
            #expect(try store.dismissals.keys() == [older.albumKey, partialDate.albumKey, newer.albumKey])
            #expect(try store.dismissals.find(key: Self.key) == older)
        }
    }

    @Test func findsByReleaseID() async throws {
        try await withStore { store throws in
            let dismissal = Self.rich(at: 1_795_000_000, releaseID: "42")
            try store.dismissals.save(dismissal)
            #expect(try store.dismissals.find(releaseID: "42") == dismissal)
            #expect(try store.dismissals.find(releaseID: "43") == nil)
        }
    }

    @Test func keepsTimesToTheMillisecond() async throws {
        try await withStore { store throws in
            try store.dismissals.save(Self.rich(at: 1_795_000_000.123_4))
            #expect(try store.dismissals.find(key: Self.key)?.dismissedAt == 1_795_000_000.123)
        }
    }

    // MARK: Which row is kept

    @Test func richRowIsNeverReplacedByALegacyRow() async throws {
        try await withStore { store throws in
            let rich = Self.rich(at: 1_795_000_000)
            #expect(try store.dismissals.save(rich) == .inserted)
            #expect(try store.dismissals.save(Self.legacy(at: 1_795_999_999)) == .unchanged)
            #expect(try store.dismissals.all() == [rich])
        }
    }

    @Test func legacyRowIsKeptWhenAloneAndUpgradedByARichRow() async throws {
        try await withStore { store throws in
            let legacy = Self.legacy(at: 1_795_999_999)
            #expect(try store.dismissals.save(legacy) == .inserted)
            #expect(try store.dismissals.all() == [legacy])
            #expect(try store.dismissals.all().first?.isLegacy == true)

            let rich = Self.rich(at: 1_795_000_000)
            #expect(try store.dismissals.save(rich) == .updated)
            #expect(try store.dismissals.all() == [rich])
        }
    }

    @Test func newerRichRowWinsOverOlderRichRow() async throws {
        try await withStore { store throws in
            let newer = Self.rich(at: 1_795_000_500, title: "Fragments (Deluxe)")
            try store.dismissals.save(Self.rich(at: 1_795_000_000))
            #expect(try store.dismissals.save(newer) == .updated)
            #expect(try store.dismissals.save(Self.rich(at: 1_795_000_100)) == .unchanged)
            #expect(try store.dismissals.all() == [newer])
        }
    }

    @Test func nfcAndNFDKeysLandOnOneRow() async throws {
        try await withStore { store throws in
            let nfc = AlbumKey(rawValue: "caf\u{E9} tacvba\u{1F}caf\u{E9} tacvba")
            let nfd = AlbumKey(rawValue: "cafe\u{301} tacvba\u{1F}cafe\u{301} tacvba")
            try store.dismissals.save(Self.legacy(at: 1_795_000_000, key: nfd))
            #expect(try store.dismissals.save(Self.legacy(at: 1_795_000_100, key: nfc)) == .updated)

            #expect(try store.dismissals.all().count == 1)
            // SQLite compares bytes: the stored key must be the NFC spelling.
            let stored = try store.database.withConnection { connection in
                try connection.query("SELECT album_key FROM dismissals") { try $0.get(0, as: String.self) }
            }
            #expect(stored.map { Array($0.unicodeScalars) } == [Array("caf\u{E9} tacvba\u{1F}caf\u{E9} tacvba".unicodeScalars)])
            #expect(try store.dismissals.delete(key: nfd))
            #expect(try store.dismissals.all().isEmpty)
        }
    }

    // MARK: Import

    @Test func importCountsAndIsIdempotent() async throws {
        try await withStore { store throws in
            try store.dismissals.save(Self.legacy(at: 1_795_000_000))
            let rows = [
                Self.rich(at: 1_794_000_000),
                Self.legacy(at: 1_795_000_000, key: AlbumKey(title: "Black Sands", artist: "Bonobo"), releaseID: "9"),
                Self.legacy(at: 1_795_000_000, key: AlbumKey(title: "Dial 'M' for Monkey", artist: "Bonobo"), releaseID: "10")
            ]

            #expect(try store.dismissals.importRows(rows) == DismissalImportCounts(inserted: 2, updated: 1, unchanged: 0))
            let afterFirst = try store.dismissals.all()
            #expect(try store.dismissals.importRows(rows) == DismissalImportCounts(inserted: 0, updated: 0, unchanged: 3))
            #expect(try store.dismissals.all() == afterFirst)
        }
    }

    @Test func exportedFileImportsBackUnchanged() async throws {
        try await withStore { store throws in
            try store.dismissals.importRows([
                Self.rich(at: 1_795_000_000.987_6),
                Self.legacy(at: 1_795_000_001, key: AlbumKey(title: "Black Sands", artist: "Bonobo"), releaseID: "9")
            ])
            let exported = DismissalsFile.encode(try store.dismissals.all())
            let reread = try DismissalsFile.decode(exported, path: "export.json").dismissals
            #expect(try store.dismissals.importRows(reread) == DismissalImportCounts(inserted: 0, updated: 0, unchanged: 2))
        }
    }

    // MARK: Delete

    @Test func deletesByKey() async throws {
        try await withStore { store throws in
            try store.dismissals.save(Self.legacy(at: 1_795_000_000))
            #expect(try store.dismissals.delete(key: Self.key))
            #expect(try !store.dismissals.delete(key: Self.key))
            #expect(try store.dismissals.keys().isEmpty)
        }
    }

    @Test func deletesByReleaseID() async throws {
        try await withStore { store throws in
            let kept = Self.legacy(at: 1_795_000_000, key: AlbumKey(title: "Other", artist: "Bonobo"), releaseID: "8")
            try store.dismissals.save(Self.legacy(at: 1_795_000_000, releaseID: "7"))
            try store.dismissals.save(
                Self.legacy(at: 1_795_000_000, key: AlbumKey(title: "Fragments - EP", artist: "Bonobo"), releaseID: "7"))
            try store.dismissals.save(kept)

            #expect(try store.dismissals.delete(releaseID: "7") == 2)
            #expect(try store.dismissals.delete(releaseID: "7") == 0)
            #expect(try store.dismissals.all() == [kept])
        }
    }

}
