/// The Apple Music API's `GET /v1/me/library/albums`, in Apple's format (see
/// `Tests/Samples/applemusic_me_library_albums_DOC-EXAMPLE_transcribed.json`).
///
/// Pages by `limit` (default 25, at most 100) and `offset`; like the documentation's example, the
/// `next` link carries only the offset. A missing or wrong developer token is a 401 with an empty
/// body, a missing or wrong Music-User-Token a 403 with Apple's `errors` body.
struct AppleMusicLibraryRoute: FixtureRoute {
    static let path = "/v1/me/library/albums"
    static let defaultLimit = 25
    static let maximumLimit = 100
    private static let contentType = "application/json; charset=utf-8"

    let library: FixtureLibrary

    func plan(for request: LoopbackRequest) -> RoutePlan? {
        guard request.path == Self.path else { return nil }
        if let redirect = library.redirect {
            return RoutePlan(
                name: "appleMusic.library.albums",
                response: LoopbackResponse(status: 302, contentType: nil, body: "", headers: [("Location", redirect)]))
        }
        guard request.headers["authorization"] == "Bearer \(library.developerToken)" else {
            return RoutePlan(name: "appleMusic.library.albums", response: LoopbackResponse(status: 401, contentType: nil, body: ""))
        }
        guard request.headers["music-user-token"] == library.userToken else {
            return error(403, code: "40300", title: "Forbidden", detail: "Invalid authentication")
        }
        let parameters = request.queryParameters ?? [:]
        guard let limit = Self.integer(parameters["limit"], default: Self.defaultLimit), (1...Self.maximumLimit).contains(limit) else {
            return error(
                400, code: "40005", title: "Invalid Parameter Value",
                detail: "Value must be an integer less than or equal to \(Self.maximumLimit)", parameter: "limit")
        }
        guard let offset = Self.integer(parameters["offset"], default: 0), offset >= 0 else {
            return error(400, code: "40005", title: "Invalid Parameter Value", detail: "Value must be an offset", parameter: "offset")
        }
        let included = Set((parameters["include"] ?? "").split(separator: ",").map(String.init))
        return RoutePlan(
            name: "appleMusic.library.albums",
            response: LoopbackResponse(
                status: 200, contentType: Self.contentType,
                body: page(offset: offset, limit: limit, included: included)))
    }

    /// `relationships` as `include=catalog` and `include=tracks` add them: the catalog album with
    /// its artist, and the library tracks with their names and lengths.
    private func relationships(_ album: FixtureLibraryAlbum, index: Int, included: Set<String>) -> String {
        var members: [String] = []
        if included.contains("catalog") {
            if let id = album.catalogAlbumID {
                let artists = album.catalogArtistID.map { "{\"id\":\($0.jsonQuoted),\"type\":\"artists\"}" } ?? ""
                members.append(
                    "\"catalog\":{\"data\":[{\"id\":\(id.jsonQuoted),\"type\":\"albums\","
                        + "\"attributes\":{\"name\":\(album.title.jsonQuoted),\"artistName\":\(album.artist.jsonQuoted)},"
                        + "\"relationships\":{\"artists\":{\"data\":[\(artists)]}}}]}")
            } else {
                members.append("\"catalog\":{\"data\":[]}")
            }
        }
        if included.contains("tracks") {
            let tracks = (album.tracks ?? []).enumerated().map { number, track in
                "{\"id\":\("i.fixture\(index).\(number)".jsonQuoted),\"type\":\"library-songs\",\"attributes\":{\"name\":\(track.title.jsonQuoted)"
                    + (track.seconds.map { ",\"durationInMillis\":\($0 * 1000 + 250)" } ?? "") + ",\"trackNumber\":\(number + 1)}}"
            }
            members.append("\"tracks\":{\"data\":[\(tracks.joined(separator: ","))]}")
        }
        return members.isEmpty ? "" : ",\"relationships\":{\(members.joined(separator: ","))}"
    }

    private func page(offset: Int, limit: Int, included: Set<String>) -> String {
        let end = min(offset + limit, library.albums.count)
        let albums = offset < end ? Array(library.albums[offset..<end].enumerated()) : []
        let data = albums.map { index, album in
            let id = "l.fixture\(offset + index)".jsonQuoted
            return "{\"id\":\(id),\"type\":\"library-albums\",\"href\":\((Self.path + "/l.fixture\(offset + index)").jsonQuoted),"
                + "\"attributes\":{\"name\":\(album.title.jsonQuoted),\"artistName\":\(album.artist.jsonQuoted),"
                + "\"playParams\":{\"id\":\(id),\"kind\":\"album\",\"isLibrary\":true}}"
                + relationships(album, index: offset + index, included: included) + "}"
        }
        let next = end < library.albums.count ? "\"next\":\((Self.path + "?offset=\(end)").jsonQuoted)," : ""
        return "{\(next)\"data\":[\(data.joined(separator: ","))],\"meta\":{\"total\":\(library.albums.count)}}"
    }

    /// Apple's error body: `{"errors": [{id, title, detail, status, code, source?}]}`.
    private func error(_ status: Int, code: String, title: String, detail: String, parameter: String? = nil) -> RoutePlan {
        let source = parameter.map { ",\"source\":{\"parameter\":\($0.jsonQuoted)}" } ?? ""
        let body =
            "{\"errors\":[{\"id\":\("fixture-\(code)".jsonQuoted),\"title\":\(title.jsonQuoted),"
            + "\"detail\":\(detail.jsonQuoted),\"status\":\(String(status).jsonQuoted),\"code\":\(code.jsonQuoted)\(source)}]}"
        return RoutePlan(
            name: "appleMusic.library.albums", response: LoopbackResponse(status: status, contentType: Self.contentType, body: body))
    }

    /// A decimal query value; absent gives `default`, anything else nil.
    private static func integer(_ text: String?, default value: Int) -> Int? {
        guard let text else { return value }
        return Int(text)
    }
}
