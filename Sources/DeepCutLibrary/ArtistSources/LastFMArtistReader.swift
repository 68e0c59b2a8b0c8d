import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import Foundation

/// A Last.fm user's top artists: `GET /2.0/?method=user.gettopartists&user=…&period=…&limit=…&page=…
/// &api_key=…&format=json` (https://www.last.fm/api/show/user.getTopArtists).
///
/// The answer is `{"topartists": {"artist": [{"name", "playcount": "12", "mbid", "url", "@attr":
/// {"rank"}}, …], "@attr": {"user", "page", "perPage", "totalPages", "total"}}}` with the numbers as
/// strings, most played first, so paging stops at the first artist below `minPlays` or at `totalPages`.
/// Errors are `{"error": N, "message": "…"}` (https://www.last.fm/api/errorcodes): 6 a user not
/// found (invalid parameters), 17 a profile whose history is private ("Login: User required to be
/// logged in"), 29 the rate limit, 10 and 26 a key refused or suspended. The API key travels in the
/// query, so no URL of this reader is ever put in a message.
struct LastFMArtistReader {
    /// `limit` per page; Last.fm's default is 50.
    static let pageSize = 200
    static let maximumPages = 10

    let client: any HTTPClient
    let timeoutSeconds: Int

    func read(_ source: ArtistSource, apiKey: Secret) async throws(ArtistSourceFailure) -> [ImportedArtist] {
        let request = ArtistSourceRequest(client: client, timeoutSeconds: timeoutSeconds)
        var artists: [ImportedArtist] = []
        for page in 1...Self.maximumPages {
            let url = source.location.appending(
                path: "2.0/",
                query: [
                    "method": "user.gettopartists", "user": source.user ?? "", "period": source.period,
                    "limit": String(Self.pageSize), "page": String(page), "api_key": apiKey.value, "format": "json"
                ])
            let response = try await request.get(url, source: source.name)
            // Last.fm answers its errors as `{"error": N, "message": …}`, often with status 200. A body
            // that is not one is not an error answer: the status and the page decoding below judge it.
            if let error = try? JSONDecoder().decode(ErrorAnswer.self, from: response.body) {
                throw Self.failure(error, status: response.status, source: source.name)
            }
            if response.status == 429 { throw ArtistSourceRequest.rateLimited(response, source: source.name) }
            guard response.status == 200 else {
                throw ArtistSourceFailure(.http, status: response.status, message: "\(source.name): HTTP \(response.status)")
            }
            let top: Answer.TopArtists
            do {
                top = try JSONDecoder().decode(Answer.self, from: response.body).topartists
            } catch {
                throw ArtistSourceFailure(.decoding, status: 200, message: "\(source.name): not a Last.fm top artists answer")
            }
            for artist in top.artist {
                guard let plays = Int(artist.playcount), plays >= source.minPlays else { return artists }
                artists.append(ImportedArtist(name: artist.name, plays: plays))
            }
            let pages = Int(top.attributes?.totalPages ?? "") ?? page
            if top.artist.isEmpty || page >= pages { return artists }
        }
        return artists
    }

    static func failure(_ error: ErrorAnswer, status: Int, source: String) -> ArtistSourceFailure {
        let said = error.message.map { ": \($0.prefix(120))" } ?? ""
        switch error.error {
        case 29:
            return ArtistSourceFailure(
                .rateLimited, status: status, message: "\(source): rate limited (Last.fm error 29); kept the last good import")
        case 6: return ArtistSourceFailure(.userNotFound, status: status, message: "\(source): Last.fm error 6\(said)")
        case 17:
            return ArtistSourceFailure(
                .privateProfile, status: status, message: "\(source): the profile's listening history is private (Last.fm error 17)")
        case 10, 26, 4:
            return ArtistSourceFailure(
                .credentials, status: status, message: "\(source): the API key was refused (Last.fm error \(error.error))")
        default: return ArtistSourceFailure(.http, status: status, message: "\(source): Last.fm error \(error.error)\(said)")
        }
    }

    struct ErrorAnswer: Decodable {
        var error: Int
        var message: String?
    }

    struct Answer: Decodable {
        struct TopArtists: Decodable {
            struct Attributes: Decodable {
                var totalPages: String?
            }

            var artist: [Artist]
            var attributes: Attributes?

            enum CodingKeys: String, CodingKey {
                case artist
                case attributes = "@attr"
            }
        }

        struct Artist: Decodable {
            var name: String
            var playcount: String
        }

        var topartists: TopArtists
    }
}
