import Foundation

@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// Builds MusicBrainz WS/2 bodies in the real shapes, for scripted clients.
enum MusicBrainzJSON {
    static func ok(_ object: Any) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json"],
            body: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    static func artists(_ hits: [(id: String, name: String)]) -> HTTPResponse {
        ok([
            "created": "2026-01-01T00:00:00.000Z", "count": hits.count, "offset": 0,
            "artists": hits.map { ["id": $0.id, "name": $0.name, "score": 100] }
        ])
    }

    static func group(
        _ id: String, _ title: String, primary: String? = "Album", secondary: [String] = [],
        date: String = "2019-06-14"
    ) -> [String: Any] {
        var group: [String: Any] = [
            "id": id, "title": title, "secondary-types": secondary,
            "first-release-date": date, "disambiguation": ""
        ]
        group["primary-type"] = primary ?? NSNull()
        return group
    }

    static func page(count: Int, offset: Int, _ groups: [[String: Any]]) -> HTTPResponse {
        ok(["release-group-count": count, "release-group-offset": offset, "release-groups": groups])
    }
}
