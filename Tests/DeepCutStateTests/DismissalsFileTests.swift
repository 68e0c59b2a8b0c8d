import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutState

@Suite struct DismissalsFileTests {
    private static let rich = Dismissal(
        releaseID: "1440857781", albumKey: AlbumKey(title: "Con Todo El Mundo", artist: "Khruangbin"),
        dismissedAt: 1_795_953_641.123, title: "Con Todo El Mundo", artistName: "Khruangbin",
        artworkURL: "https://is1-ssl.mzstatic.com/image/100x100bb.jpg", recordingType: .album,
        releaseDate: ReleaseDate(year: 2018, month: 1, day: 26))
    private static let legacy = Dismissal(
        releaseID: "1590000000", albumKey: AlbumKey(title: "Fragments", artist: "Bonobo"), dismissedAt: 1_795_953_641)

    // MARK: Round trip

    @Test func exportThenReadGivesTheSameDismissals() throws {
        try ScratchFolder.with { folder in
            let url = folder.appendingPathComponent("dismissals.json")
            let partial = Dismissal(
                releaseID: "7", albumKey: AlbumKey(title: "Café", artist: "Tacvba"),
                dismissedAt: 1_000_000_000.5, recordingType: .ep, releaseDate: ReleaseDate(year: 2019))
            try DismissalsFile.encode([Self.rich, Self.legacy, partial]).write(to: url)
            #expect(try DismissalsFile.read(from: url).dismissals == [Self.rich, Self.legacy, partial])
        }
    }

    @Test func encodingIsPrettySortedAndOmitsMissingFields() throws {
        let text = String(decoding: DismissalsFile.encode([Self.legacy, Self.rich]), as: UTF8.self)
        #expect(
            text == """
                [
                  {
                    "albumKey" : "fragments\\u001fbonobo",
                    "dismissedAt" : "2026-11-29T12:00:41Z",
                    "releaseID" : "1590000000"
                  },
                  {
                    "albumKey" : "con todo el mundo\\u001fkhruangbin",
                    "artistName" : "Khruangbin",
                    "artworkURL" : "https://is1-ssl.mzstatic.com/image/100x100bb.jpg",
                    "dismissedAt" : "2026-11-29T12:00:41.123Z",
                    "recordingType" : "album",
                    "releaseDate" : "2018-01-26",
                    "releaseID" : "1440857781",
                    "title" : "Con Todo El Mundo"
                  }
                ]
                """)
        #expect(DismissalsFile.encode([Self.legacy, Self.rich]) == DismissalsFile.encode([Self.legacy, Self.rich]))
    }

    @Test(arguments: [
        ("2026-11-29T12:00:41Z", 1_795_953_641.0),
        ("2026-11-29T12:00:41.5Z", 1_795_953_641.5),
        ("2026-11-29T12:00:41.123456Z", 1_795_953_641.123),
        ("2026-11-29T14:00:41+02:00", 1_795_953_641.0)
    ])
    func readsISO8601Times(text: String, seconds: Double) throws {
        let json = #"[{"releaseID": "1", "albumKey": "a\u001fb", "dismissedAt": "\#(text)"}]"#
        let dismissals = try DismissalsFile.decode(Data(json.utf8), path: "d.json").dismissals
        #expect(dismissals.map(\.dismissedAt) == [seconds])
        #expect(dismissals.first?.isLegacy == true)
    }

    @Test func normalisesImportedKeysToNFC() throws {
        let json = #"[{"releaseID": "1", "albumKey": "Cafe\u0301 \u001fTacvba", "dismissedAt": "2026-11-29T12:00:41Z"}]"#
        let dismissals = try DismissalsFile.decode(Data(json.utf8), path: "d.json").dismissals
        #expect(dismissals.map { Array($0.albumKey.rawValue.unicodeScalars) } == [Array("caf\u{E9}\u{1F}tacvba".unicodeScalars)])
    }

    // MARK: Malformed input

    private static let valid = #"{"releaseID": "1", "albumKey": "a\u001fb", "dismissedAt": "2026-11-29T12:00:41Z"}"#

    @Test(arguments: [
        ("not json at all", "not valid JSON"),
        (#"{"releaseID": "1"}"#, "expected a JSON array of dismissals"),
        ("[\(valid), 42]", "item 2: expected an object"),
        (#"[\#(valid), \#(valid), {"releaseID": "1", "dismissedAt": "2026-11-29T12:00:41Z"}]"#, "item 3: missing albumKey"),
        (#"[{"releaseID": 1, "albumKey": "a\u001fb", "dismissedAt": "2026-11-29T12:00:41Z"}]"#, "item 1: releaseID must be a string"),
        (#"[{"releaseID": null, "albumKey": "a\u001fb", "dismissedAt": "2026-11-29T12:00:41Z"}]"#, "item 1: releaseID must be a string"),
        (
            #"[{"releaseID": "1", "albumKey": "ab", "dismissedAt": "2026-11-29T12:00:41Z"}]"#,
            "item 1: albumKey has no title/artist separator (U+001F)"
        ),
        (
            #"[{"releaseID": "1", "albumKey": "a\u001fb", "dismissedAt": "yesterday"}]"#,
            #"item 1: dismissedAt: not an ISO 8601 time "yesterday""#
        ),
        (
            #"[{"releaseID": "1", "albumKey": "a\u001fb", "dismissedAt": "2026-11-29T12:00:41Z", "recordingType": "lp"}]"#,
            #"item 1: recordingType: unknown type "lp" (album, ep, single, compilation)"#
        ),
        (
            #"[{"releaseID": "1", "albumKey": "a\u001fb", "dismissedAt": "2026-11-29T12:00:41Z", "releaseDate": "2019-13"}]"#,
            #"item 1: releaseDate: not a date "2019-13" (YYYY, YYYY-MM or YYYY-MM-DD)"#
        ),
        (
            #"[{"releaseID": "1", "albumKey": "a\u001fb", "dismissedAt": "2026-11-29T12:00:41Z", "title": 5}]"#,
            "item 1: title must be a string"
        )
    ])
    func malformedFileNamesTheFileItemAndField(json: String, detail: String) throws {
        try ScratchFolder.with { folder in
            let url = folder.appendingPathComponent("dismissals.json")
            try Data(json.utf8).write(to: url)
            let error = #expect(throws: DismissalsFileError.self) { try DismissalsFile.read(from: url) }
            #expect(error?.exitCode == .dataError)
            #expect(error?.message == "\(url.path): \(detail)")
        }
    }

    @Test func unreadableFileIsADataError() throws {
        try ScratchFolder.with { folder in
            let url = folder.appendingPathComponent("missing.json")
            let error = #expect(throws: DismissalsFileError.self) { try DismissalsFile.read(from: url) }
            #expect(error?.exitCode == .dataError)
            #expect(error?.message == "\(url.path): cannot read (No such file or directory)")
        }
    }
}
