import DeepCutCore
import Foundation
import Glibc

@testable import DeepCutPublish

/// Shared builders for the Publish tests: a fresh folder per test and small snapshots.
enum PublishFixtures {
    /// Runs `body` with a new empty folder, removed afterwards.
    static func withFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "deepcut-publish-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        return try body(folder)
    }

    /// `withFolder` for a body that awaits (a schema check runs Python).
    static func withFolderAsync<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "deepcut-publish-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        return try await body(folder)
    }

    static let runDate = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z

    static func runID(hoursAfterRun hours: Int = 0) -> RunID {
        RunID(runDate.addingTimeInterval(Double(hours) * 3_600))
    }

    static func entry(
        _ id: String, _ title: String, artist: String = "Khruangbin", type: RecordingType = .album,
        date: String = "2026-10-01", artworkURL: String? = "https://example.com/art.jpg",
        url: String? = "https://music.example.com/album/1"
    ) -> FeedEntry {
        FeedEntry(
            id: id, key: AlbumKey(title: title, artist: artist), title: title, artist: artist, type: type,
            releaseDate: ReleaseDate(iso: date)!, artworkURL: artworkURL, url: url)
    }

    static func snapshot(hoursAfterRun hours: Int = 0, complete: Bool = true, entries: [FeedEntry]? = nil) -> Snapshot {
        let runID = runID(hoursAfterRun: hours)
        let incomplete = complete ? [] : ["Bonobo", "Four Tet"]
        return Snapshot(
            runID: runID, generatedAt: runDate.addingTimeInterval(Double(hours) * 3_600 + 41), complete: complete,
            provider: "itunes",
            artists: ArtistCounts(total: 10, fetched: complete ? 9 : 7, notFound: 1, failed: complete ? 0 : 2),
            incompleteArtists: incomplete,
            entries: entries ?? [entry("1440857781", "Con Todo El Mundo"), entry("1", "Mordechai", date: "2026-09-01")])
    }

    /// Every regular file under `folder` (relative path → bytes), to prove what a step changed.
    static func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[name] = try Data(contentsOf: url)
            }
        }
        return result
    }

    static func mode(of url: URL) -> mode_t {
        var status = stat()
        return stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    static func temporaries(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
    }
}
