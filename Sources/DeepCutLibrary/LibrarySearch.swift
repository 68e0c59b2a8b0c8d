import DeepCutConfig
import Foundation

/// Where `deepcut init` looks for a library export when none is named: the places Music, iTunes and
/// beets put theirs, and the folders an exported Library.xml is usually saved to.
package struct LibrarySearch: Sendable {
    /// Every place looked at, in this order.
    package let places: [URL]

    /// - Parameters:
    ///   - home: the person's home folder.
    ///   - environment: `BEETSDIR` and `XDG_CONFIG_HOME` place beets' `library.db` as beets does.
    package init(home: URL, environment: [String: String]) {
        let exports = [
            "Music/Library.xml", "Music/Music/Library.xml", "Music/iTunes/iTunes Music Library.xml", "Music/iTunes/iTunes Library.xml",
            "Library.xml", "Desktop/Library.xml", "Documents/Library.xml", "Downloads/Library.xml"
        ]
        var places = exports.map { home.appendingPathComponent($0) }
        if let beetsDirectory = environment["BEETSDIR"], beetsDirectory.hasPrefix("/") {
            places.append(URL(fileURLWithPath: beetsDirectory).appendingPathComponent("library.db"))
        } else {
            let config = XDGFolder.config.url(environment: environment) ?? home.appendingPathComponent(".config")
            places.append(config.appendingPathComponent("beets/library.db"))
        }
        self.places = places
    }

    /// The places that hold a file, the same file (through a link) once.
    package func found(exists: (URL) -> Bool = { FileManager.default.fileExists(atPath: $0.path) }) -> [URL] {
        var seen: Set<String> = []
        return places.filter { exists($0) && seen.insert($0.resolvingSymlinksInPath().path).inserted }
    }
}
