import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import Foundation

/// A ListenBrainz user's top artists: `GET /1/stats/user/{user_name}/artists?range=…&count=…&offset=…`
/// (ListenBrainz Statistics API, https://listenbrainz.readthedocs.io/en/latest/users/api/statistics.html).
///
/// The answer is `{"payload": {"artists": [{"artist_name", "artist_mbid"(s), "listen_count"}, …],
/// "count", "offset", "range", "total_artist_count", …}}`, most listened first, so paging stops at
/// the first artist below `minPlays`. `204 No Content` means no statistics yet (an empty history);
/// `404` an unknown user; `429` the rate limit, with `X-RateLimit-Reset-In` (ListenBrainz API,
/// "Rate limiting", https://listenbrainz.readthedocs.io/en/latest/users/api/index.html). The token,
/// when configured, goes as `Authorization: Token …` and raises the rate limit; stats need none.
struct ListenBrainzArtistReader {
    /// ListenBrainz's `MAX_ITEMS_PER_GET` for statistics.
    static let pageSize = 100
    /// 2,000 artists: far more than anyone follows, and a bound on requests if a server pages forever.
    static let maximumPages = 20

    let client: any HTTPClient
    let timeoutSeconds: Int

    func read(_ source: ArtistSource, token: Secret?) async throws(ArtistSourceFailure) -> [ImportedArtist] {
        let request = ArtistSourceRequest(client: client, timeoutSeconds: timeoutSeconds)
        let user = source.user ?? ""
        let headers = token.map { ["Authorization": "Token \($0.value)"] } ?? [:]
        var artists: [ImportedArtist] = []
        for page in 0..<Self.maximumPages {
            let url = source.location.appending(
                path: "1/stats/user/\(user)/artists",
                query: ["range": source.period, "count": String(Self.pageSize), "offset": String(page * Self.pageSize)])
            let response = try await request.get(url, headers: headers, source: source.name)
            switch response.status {
            case 200: break
            case 204: return artists
            case 404: throw ArtistSourceFailure(.userNotFound, status: 404, message: "\(source.name): no such ListenBrainz user")
            case 401, 403:
                throw ArtistSourceFailure(.credentials, status: response.status, message: "\(source.name): the token was refused")
            case 429: throw ArtistSourceRequest.rateLimited(response, source: source.name)
            default: throw ArtistSourceFailure(.http, status: response.status, message: "\(source.name): HTTP \(response.status)")
            }
            let payload = try Self.payload(response.body, source: source.name)
            for artist in payload.artists {
                guard artist.listenCount >= source.minPlays else { return artists }
                artists.append(ImportedArtist(name: artist.name, plays: artist.listenCount))
            }
            let seen = (payload.offset ?? page * Self.pageSize) + payload.artists.count
            if payload.artists.isEmpty || seen >= (payload.totalArtistCount ?? seen) { return artists }
        }
        return artists
    }

    struct Answer: Decodable {
        struct Payload: Decodable {
            var artists: [Artist]
            var offset: Int?
            var totalArtistCount: Int?

            enum CodingKeys: String, CodingKey {
                case artists, offset
                case totalArtistCount = "total_artist_count"
            }
        }

        struct Artist: Decodable {
            var name: String
            var listenCount: Int

            enum CodingKeys: String, CodingKey {
                case name = "artist_name"
                case listenCount = "listen_count"
            }
        }

        var payload: Payload
    }

    static func payload(_ body: Data, source: String) throws(ArtistSourceFailure) -> Answer.Payload {
        do {
            return try JSONDecoder().decode(Answer.self, from: body).payload
        } catch {
            throw ArtistSourceFailure(.decoding, status: 200, message: "\(source): not a ListenBrainz artists statistic")
        }
    }
}
