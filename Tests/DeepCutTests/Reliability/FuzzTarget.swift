import DeepCutCore
import DeepCutTestKit
import Foundation

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutHTTP
@testable import DeepCutLibrary
@testable import DeepCutPublish
@testable import DeepCutState

/// One decoder under fuzz: the real inputs its mutations start from, and how one input is fed to it.
/// Thrown errors are the decoder doing its job; only crashes and hangs are failures.
struct FuzzTarget: Sendable, CustomStringConvertible {
    var name: String
    /// Scales the iteration count: decoders whose seeds are large get fewer inputs in the same time.
    var share: Double = 1
    var seeds: @Sendable () throws -> [Data]
    /// Feeds one input, already saved at `file`: decoders that read files read it, the rest get the bytes.
    var feed: @Sendable (_ bytes: Data, _ file: URL) throws -> Void

    var description: String { name }

    static func samples(_ prefix: String) throws -> [Data] {
        try FileManager.default.contentsOfDirectory(atPath: SharedSamples.folder.path).sorted()
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .map { try Data(contentsOf: SharedSamples.folder.appendingPathComponent($0)) }
    }

    static func text(_ texts: String...) -> [Data] { texts.map { Data($0.utf8) } }

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "itunes-body", seeds: { try samples("itunes_") }) { bytes, _ in
            let body = try ITunesBody.decode(bytes)
            _ = try? body.artists()  // each reading is its own decoder: both must survive the body
            _ = try body.releases(creditedTo: "Fuzz")
        },
        FuzzTarget(name: "apple-music-bodies", seeds: { try samples("applemusic_") }) { bytes, _ in
            _ = AppleMusicErrorBody.summary(bytes)
            _ = try? JSONBody.decode(AppleMusicSearchBody.self, from: bytes).artists
            _ = try? AppleMusicLibraryPage.decode(bytes)
            _ = try JSONBody.decode(AppleMusicAlbumPage.self, from: bytes).releases(creditedTo: "Fuzz")
        },
        FuzzTarget(name: "musicbrainz-bodies", seeds: { try samples("musicbrainz_") }) { bytes, _ in
            _ = MusicBrainzErrorBody.summary(bytes)
            _ = try? JSONBody.decode(MusicBrainzArtistSearchBody.self, from: bytes).hits
            _ = try JSONBody.decode(MusicBrainzReleaseGroupPage.self, from: bytes).releases(creditedTo: "Fuzz")
        },
        FuzzTarget(
            name: "csv-library",
            seeds: {
                text(
                    "title,artist\nCon Todo El Mundo,Khruangbin\n\"Fragments, Deluxe\",\"Bonobo\"\r\n\"Say \"\"Hi\"\"\",Beyoncé\n",
                    "Artist,Year,TITLE\r\n\"multi\nline\",2020,Otomo\n,,\n") + [
                        try Data(contentsOf: SharedSamples.packageRoot.appendingPathComponent("config/demo/library.csv"))
                    ]
            }
        ) { _, file in
            _ = try CSVLibraryReader().read(LibrarySource(format: .csv, path: file))
        },
        FuzzTarget(
            name: "json-library",
            seeds: {
                text(
                    #"[{"title": "Con Todo El Mundo", "artist": "Khruangbin"}, {"title": "Fragments", "artist": "Bonobo", "year": 2022}]"#,
                    #"[{"title": "\u00e9\ud83c\udfb8 \"q\"", "artist": "A\u0000B"}, 7, null, {"artist": ["x"]}]"#)
            }
        ) { _, file in
            _ = try JSONLibraryReader().read(LibrarySource(format: .json, path: file))
        },
        FuzzTarget(
            name: "itunes-xml-library", share: 0.3,
            seeds: {
                let small = ITunesTestLibrary(tracks: [
                    .init(id: 1, artist: "Khruangbin", album: "Mordechai"),
                    .init(id: 2, artist: "Various", albumArtist: "Bonobo", album: "Otomo"),
                    .init(id: 3, artist: "Director", album: "Film", flag: "Movie"),
                    .init(id: 4, artist: "X", album: "Mix", isCompilation: true)
                ]).xml
                let real = try Data(
                    contentsOf: SharedSamples.folder.appendingPathComponent("itunes_Library_xml_libpytunes_Test_Library.xml"))
                // Mostly the small export (fast); the real one keeps its shapes in play, whole and cut down.
                return [Data(small.utf8), Data(small.utf8), real.prefix(60_000), real]
            }
        ) { _, file in
            _ = try ITunesXMLLibraryReader().read(LibrarySource(format: .itunesXML, path: file, compilationArtists: true))
        },
        FuzzTarget(
            name: "beets-library", share: 0.5,
            seeds: {
                let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-beets-\(UUID().uuidString).db")
                defer { try? FileManager.default.removeItem(at: url) }
                try BeetsTestDatabase.create(
                    at: url, schema: BeetsTestDatabase.earlySchema,
                    albums: [
                        .init(album: "Mordechai", albumartist: "Khruangbin"),
                        .init(album: "Hits", albumartist: "Various Artists", comp: true)
                    ],
                    items: [(albumID: 2, artist: "Bonobo")])
                return [try Data(contentsOf: url)]
            }
        ) { _, file in
            _ = try BeetsLibraryReader().read(LibrarySource(format: .beets, path: file))
        },
        FuzzTarget(
            name: "config",
            seeds: {
                [try Data(contentsOf: SharedSamples.packageRoot.appendingPathComponent("config/config.example.json"))]
                    + text(
                        #"""
                        {"library": [{"format": "itunes-xml", "path": "Library.xml", "compilationArtists": true}, {"format": "beets", "path": "l.db"}],
                         "catalog": {"provider": "apple-music", "tokenFile": "t.jwt", "storefront": "gb", "baseURL": "http://127.0.0.1:1/x",
                                     "concurrency": 64, "requestsPerMinute": 1, "timeoutSeconds": 600, "maxAttempts": 10, "sweepDeadlineMinutes": 5},
                         "feed": {"types": ["ep"], "windowDays": 1}, "publish": {"baseURL": "https://e.example/"}, "ttlHours": 0.5,
                         "keepSnapshots": 1, "repairWindowMinutes": 30, "artistOverrides": {"Bonobo": "123"}}
                        """#)
            }
        ) { _, file in
            _ = try ConfigLoader.load(from: file)
        },
        FuzzTarget(
            name: "dismissals-file",
            seeds: {
                text(
                    #"""
                    [{"releaseID": "1440857781", "albumKey": "con todo el mundo\u001fkhruangbin", "dismissedAt": "2026-01-02T03:04:05Z"},
                     {"releaseID": "", "albumKey": "x\u001fy", "dismissedAt": "2026-01-02T03:04:05.123Z", "title": "X", "artistName": "Y",
                      "artworkURL": "https://a.example/x.jpg", "recordingType": "ep", "releaseDate": "2019-06"}]
                    """#)
            }
        ) { _, file in
            _ = try DismissalsFile.read(from: file)
        },
        FuzzTarget(
            name: "snapshot",
            seeds: {
                [try Data(contentsOf: SharedSamples.packageRoot.appendingPathComponent("schemas/snapshot.example.json"))]
            }
        ) { _, file in
            _ = try Snapshot.load(from: file)
        },
        FuzzTarget(
            name: "health-report",
            seeds: {
                [try Data(contentsOf: SharedSamples.packageRoot.appendingPathComponent("schemas/health.example.json"))]
            }
        ) { bytes, file in
            _ = try OutputJSON.decode(HealthReport.self, from: bytes, file: file)
        },
        FuzzTarget(
            name: "date-and-time-text",
            seeds: {
                text("2018-05-10T07:00:00Z", "2019-06", "2019", "Wed, 21 Oct 2026 07:28:00 GMT", "120", "2026-01-02T03:04:05.123Z")
            }
        ) { bytes, _ in
            let text = String(decoding: bytes, as: UTF8.self)
            _ = ReleaseDate(iso: text)?.epochDay
            _ = RetryAfter.delay(text, now: Date(timeIntervalSince1970: 1_795_000_000))
            _ = DismissalsFile.parseTime(text)
        }
    ]
}
