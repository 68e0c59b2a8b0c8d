import Foundation

/// MusicBrainz WS/2: `GET /ws/2/artist?query=…` (search) and `GET /ws/2/release-group?artist=MBID` (browse,
/// paged by `offset`/`limit`), JSON only, in MusicBrainz's shapes (see `shared/samples/musicbrainz_*.json`).
/// Ids are the catalog's numeric ids as UUIDs (`MusicBrainzID`).
///
/// Stricter than the real service on one point: a User-Agent without a `( contact )` is refused with 403,
/// so tests prove the client names itself as MusicBrainz asks.
struct MusicBrainzRoute: FixtureRoute {
    static let contentType = "application/json; charset=utf-8"
    static let defaultLimit = 25
    static let maximumLimit = 100

    let artists: [FixtureArtist]
    /// `searchFolded` names, parallel to `artists`.
    let foldedNames: [String]
    let artistIndexByMBID: [String: Int]

    init(catalog: FixtureCatalog) {
        artists = catalog.artists
        foldedNames = catalog.artists.map(\.name.searchFolded)
        artistIndexByMBID = Dictionary(catalog.artists.enumerated().map { (MusicBrainzID.mbid(for: $1.id), $0) },
                                       uniquingKeysWith: { first, _ in first })
    }

    func plan(for request: LoopbackRequest) -> RoutePlan? {
        guard request.path.hasPrefix("/ws/2/") else { return nil }
        guard Self.namesAContact(request.headers["user-agent"]) else {
            return Self.error("User-Agent must name the application and a contact: 'app/1.0 ( me@example.org )'",
                              status: 403, route: "musicbrainz.forbidden")
        }
        let route = "musicbrainz.\(request.path.dropFirst("/ws/2/".count))"
        guard let parameters = request.queryParameters else { return Self.error("Invalid query.", status: 400, route: route) }
        guard parameters["fmt"] == "json" else {
            return Self.error("The fixture serves fmt=json only.", status: 406, route: route)
        }
        guard let limit = Self.count(parameters["limit"], fallback: Self.defaultLimit, maximum: Self.maximumLimit),
              let offset = Int(parameters["offset"] ?? "0"), offset >= 0 else {
            return Self.error("Invalid limit or offset.", status: 400, route: route)
        }
        switch request.path {
        case "/ws/2/artist": return searchPlan(query: parameters["query"] ?? "", limit: limit, offset: offset)
        case "/ws/2/release-group": return browsePlan(parameters, limit: limit, offset: offset)
        case "/ws/2/release": return releaseTracksPlan(parameters)
        default: return Self.error("Not Found", status: 404, route: "musicbrainz.notFound")
        }
    }

    /// `name/version ( contact )`, the form MusicBrainz's etiquette asks for.
    private static func namesAContact(_ userAgent: String?) -> Bool {
        guard let userAgent, let open = userAgent.firstIndex(of: "("), let close = userAgent.lastIndex(of: ")"),
              open < close else { return false }
        let product = userAgent[..<open].trimmingCharacters(in: .whitespaces)
        let contact = userAgent[userAgent.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        return product.contains("/") && !contact.isEmpty
    }

    /// MusicBrainz's error shape: `{"error": "…", "help": "…"}`.
    static func error(_ message: String, status: Int, route: String) -> RoutePlan {
        let body = FixtureJSON.object([
            ("error", .string(message)),
            ("help", .string("For usage, please see: https://musicbrainz.org/development/mmd")),
        ])
        return RoutePlan(name: route, response: LoopbackResponse(status: status, contentType: contentType, body: body.text))
    }

    static func ok(route: String, operation: CatalogOperation, artistIDs: [String], _ body: FixtureJSON) -> RoutePlan {
        RoutePlan(name: route, operation: operation, artistIDs: artistIDs,
                  response: LoopbackResponse(status: 200, contentType: contentType, body: body.text))
    }
}
