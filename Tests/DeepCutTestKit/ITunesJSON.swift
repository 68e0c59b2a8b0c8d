import DeepCutHTTP
import Foundation

/// Builds iTunes Search API bodies the way the real API shapes them (leading blank lines included).
package enum ITunesJSON {
    package static func body(_ rows: [[String: Any]]) -> Data {
        let object: [String: Any] = ["resultCount": rows.count, "results": rows]
        let json = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return Data("\n\n\n".utf8) + json
    }

    package static func artist(_ name: String, id: Int) -> [String: Any] {
        ["wrapperType": "artist", "artistType": "Artist", "artistName": name, "artistId": id]
    }

    package static func collection(
        _ name: String, id: Int, artist: String = "Artist", type: String = "Album",
        date: String = "2018-05-10T07:00:00Z", explicitness: String = "notExplicit"
    ) -> [String: Any] {
        [
            "wrapperType": "collection", "collectionType": type, "collectionId": id, "collectionName": name,
            "artistName": artist, "artistId": 1, "releaseDate": date, "collectionExplicitness": explicitness,
            "artworkUrl100": "https://art.example/\(id)/100x100bb.jpg",
            "collectionViewUrl": "https://music.apple.com/us/album/\(id)"
        ]
    }

    package static func ok(_ rows: [[String: Any]]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "text/javascript; charset=utf-8"], body: body(rows))
    }
}

extension HTTPRequest {
    /// The decoded value of a query parameter, for routing and asserting.
    package func query(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }
}
