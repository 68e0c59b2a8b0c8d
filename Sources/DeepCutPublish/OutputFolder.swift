import Foundation

/// The SPEC's output folder layout in one place: these names are a contract with operators and
/// downstream tools.
package struct OutputFolder: Sendable {
    let root: URL

    /// The page's file name, also its name under `publish.baseURL` (notifications link to it).
    package static let pageName = "index.html"

    package init(_ root: URL) {
        self.root = root
    }

    package var snapshots: URL { root.appendingPathComponent("snapshots", isDirectory: true) }
    var latest: URL { file("latest.json") }
    package var current: URL { file("current.json") }
    var jsonFeed: URL { file("feed.json") }
    var atomFeed: URL { file("feed.atom") }
    var calendar: URL { file("upcoming.ics") }
    package var page: URL { file(Self.pageName) }
    package var healthJSON: URL { file("health.json") }
    var healthText: URL { file("health.txt") }

    package func snapshot(_ runID: RunID) -> URL {
        snapshots.appendingPathComponent(Self.snapshotName(runID))
    }

    static func snapshotName(_ runID: RunID) -> String { "\(runID).json" }

    /// The run ids of the snapshot files in `snapshots/`, oldest first. Files not named like a
    /// snapshot (`RUNID.json`) are left out, so a stray `notes.json` is never taken for a run.
    /// - Throws: the file system's error when the folder cannot be listed.
    package func snapshotRunIDs() throws -> [RunID] {
        try FileManager.default.contentsOfDirectory(atPath: snapshots.path).compactMap { name in
            guard name.hasSuffix(".json") else { return nil }
            return RunID(rawValue: String(name.dropLast(".json".count)))
        }.sorted()
    }

    /// A file's name as the health report lists it: relative to the output folder.
    package func relativeName(_ url: URL) -> String {
        let prefix = root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private func file(_ name: String) -> URL { root.appendingPathComponent(name, isDirectory: false) }
}
