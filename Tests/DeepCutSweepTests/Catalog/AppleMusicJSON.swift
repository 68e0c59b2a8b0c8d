import Foundation

@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// Builds Apple Music API bodies in the real shapes, for scripted clients.
enum AppleMusicJSON {
    static func data(_ object: Any) -> Data {
        try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    static func ok(_ object: Any) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: data(object))
    }

    static func search(_ artists: [(id: String, name: String)]) -> HTTPResponse {
        let data = artists.map { ["id": $0.id, "type": "artists", "attributes": ["name": $0.name]] as [String: Any] }
        return ok(["results": artists.isEmpty ? [:] : ["artists": ["href": "/v1/catalog/us/search", "data": data]]])
    }

    static func album(
        _ id: String, _ name: String, compilation: Bool = false, isSingle: Bool = false,
        date: String = "2024-05-10", rating: String? = nil
    ) -> [String: Any] {
        var attributes: [String: Any] = [
            "name": name, "artistName": "Beach Bunny", "releaseDate": date, "isCompilation": compilation,
            "isSingle": isSingle, "trackCount": 9, "url": "https://music.apple.com/us/album/\(id)",
            "artwork": ["width": 3000, "height": 3000, "url": "https://art.example/\(id)/{w}x{h}bb.jpg"]
        ]
        attributes["contentRating"] = rating
        return ["id": id, "type": "albums", "attributes": attributes]
    }

    static func page(_ albums: [[String: Any]], next: String? = nil) -> HTTPResponse {
        var object: [String: Any] = ["data": albums]
        object["next"] = next
        return ok(object)
    }

    static func error(status: Int, title: String, detail: String, code: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            body: data([
                "errors": [
                    [
                        "id": "X", "title": title, "detail": detail,
                        "status": String(status), "code": code
                    ]
                ]
            ]))
    }
}
