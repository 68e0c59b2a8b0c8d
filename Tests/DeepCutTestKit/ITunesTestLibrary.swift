import Foundation

/// Builds small Music/iTunes "Export Library" plists for tests, in the shape the real exports have.
package struct ITunesTestLibrary {
    package struct Track {
        package var id: Int
        package var name = "Track"
        package var artist: String?
        package var albumArtist: String?
        package var album: String?
        package var kind: String? = "MPEG audio file"
        package var isCompilation = false
        /// A flag such as `Movie`, `Podcast` or `Has Video` set to true.
        package var flag: String?
        /// `Total Time` in milliseconds.
        package var totalTime: Int?

        package init(
            id: Int, name: String = "Track", artist: String? = nil, albumArtist: String? = nil, album: String? = nil,
            kind: String? = "MPEG audio file", isCompilation: Bool = false, flag: String? = nil, totalTime: Int? = nil
        ) {
            self.id = id
            self.name = name
            self.artist = artist
            self.albumArtist = albumArtist
            self.album = album
            self.kind = kind
            self.isCompilation = isCompilation
            self.flag = flag
            self.totalTime = totalTime
        }
    }

    package var tracks: [Track]

    package init(tracks: [Track]) {
        self.tracks = tracks
    }

    package var xml: String {
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
            let fields = [
                ("Name", track.name), ("Artist", track.artist), ("Album Artist", track.albumArtist),
                ("Album", track.album), ("Kind", track.kind)
            ]
            for case (let key, let value?) in fields {
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
