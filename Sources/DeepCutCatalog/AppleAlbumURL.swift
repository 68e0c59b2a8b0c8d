import DeepCutCore
import Foundation

/// The Apple album id in a store album page's URL, as MusicBrainz url-relationships link them:
/// `https://music.apple.com/gb/album/1441458047`, `https://music.apple.com/us/album/some-slug/1441458047`,
/// `https://itunes.apple.com/jp/album/id1441458047`, `https://geo.music.apple.com/album/…`.
///
/// The pattern is Harmony's (kellnerd/harmony `providers/iTunes/mod.ts`: host `{geo.}?(itunes|music).apple.com`,
/// path `/:region?/album/:slug?/{id}?:id(\d+)`), for albums only. A song inside an album (`?i=`) is not the
/// album, so it is no evidence for it.
package enum AppleAlbumURL {
    /// The album id, or nil when `text` is not an Apple album page.
    package static func albumID(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let host = components.host?.lowercased(),
            ["music.apple.com", "itunes.apple.com", "geo.music.apple.com", "geo.itunes.apple.com"].contains(host),
            !(components.queryItems ?? []).contains(where: { $0.name == "i" })
        else { return nil }
        var segments = components.path.split(separator: "/").map(String.init)
        if let region = segments.first, region.count == 2, region.allSatisfy(\.isLetter) { segments.removeFirst() }
        guard segments.first == "album", (2...3).contains(segments.count), var id = segments.last else { return nil }
        if id.hasPrefix("id") { id.removeFirst(2) }
        guard !id.isEmpty, id.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return id
    }
}
