@testable import DeepCutCore
import Foundation

/// Builds small Music/iTunes "Export Library" plists for tests, in the shape the real exports have.
struct ITunesTestLibrary {
    struct Track {
        var id: Int
        var name = "Track"
        var artist: String?
        var albumArtist: String?
        var album: String?
        var kind: String? = "MPEG audio file"
        var isCompilation = false
        /// A flag such as `Movie`, `Podcast` or `Has Video` set to true.
        var flag: String?
        /// `Total Time` in milliseconds.
        var totalTime: Int?
    }

    var tracks: [Track]

    var xml: String {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>Major Version</key><integer>1</integer>
        \t<key>Tracks</key>
        \t<dict>

        """
        for track in tracks {
            text += "\t\t<key>\(track.id)</key>\n\t\t<dict>\n"
            text += "\t\t\t<key>Track ID</key><integer>\(track.id)</integer>\n"
            let fields = [("Name", track.name), ("Artist", track.artist), ("Album Artist", track.albumArtist),
                          ("Album", track.album), ("Kind", track.kind)]
            for case let (key, value?) in fields {
                text += "\t\t\t<key>\(key)</key><string>\(Self.escaped(value))</string>\n"
            }
            if let totalTime = track.totalTime { text += "\t\t\t<key>Total Time</key><integer>\(totalTime)</integer>\n" }
            if track.isCompilation { text += "\t\t\t<key>Compilation</key><true/>\n" }
            if let flag = track.flag { text += "\t\t\t<key>\(flag)</key><true/>\n" }
            text += "\t\t\t<key>Track Type</key><string>File</string>\n\t\t</dict>\n"
        }
        text += "\t</dict>\n\t<key>Playlists</key>\n\t<array>\n\t</array>\n</dict>\n</plist>\n"
        return text
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
