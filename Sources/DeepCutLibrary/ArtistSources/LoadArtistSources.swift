import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import Foundation

/// Stage 1b: reads every configured artist source (`artistSources`) into a typed outcome each.
///
/// A source never throws: whatever goes wrong (a rate limit, a private profile, a user not found,
/// a missing key file, an unreadable list) is that source's `.failed`, and the caller keeps its last
/// good import. Secrets are read from their files here and only ever sent, never put in a message.
package struct LoadArtistSources: Sendable {
    let client: any HTTPClient
    let environment: [String: String]
    /// Each request's deadline, the catalog's `timeoutSeconds`.
    let timeoutSeconds: Int

    package init(client: any HTTPClient, environment: [String: String], timeoutSeconds: Int) {
        self.client = client
        self.environment = environment
        self.timeoutSeconds = timeoutSeconds
    }

    /// The sources one after another, in configured order.
    package func run(_ sources: [ArtistSource]) async -> [ArtistSourceOutcome] {
        var outcomes: [ArtistSourceOutcome] = []
        for source in sources {
            outcomes.append(await read(source))
        }
        return outcomes
    }

    private func read(_ source: ArtistSource) async -> ArtistSourceOutcome {
        do {
            switch source.kind {
            case .followed:
                let file = source.location
                return .imported(try await BlockingQueue.files.run { try FollowedArtistsReader.read(file) })
            case .listenbrainz:
                let token = try await secret(source, key: "tokenFile", credential: "listenbrainz-token", required: false)
                return .imported(
                    try await ListenBrainzArtistReader(client: client, timeoutSeconds: timeoutSeconds).read(source, token: token))
            case .lastfm:
                let key = try await secret(source, key: "apiKeyFile", credential: "lastfm-api-key", required: true)
                guard let key else { throw ArtistSourceFailure(.credentials, message: "\(source.name): no API key") }
                return .imported(try await LastFMArtistReader(client: client, timeoutSeconds: timeoutSeconds).read(source, apiKey: key))
            }
        } catch let failure as ArtistSourceFailure {
            return .failed(failure)
        } catch {
            return .failed(ArtistSourceFailure(.decoding, message: "\(source.name): \(error)"))
        }
    }

    /// The source's token or key: its configured file, else the systemd credential when present.
    private func secret(_ source: ArtistSource, key: String, credential: String, required: Bool) async throws -> Secret? {
        let (file, directory) = (source.secretFile, Secret.credentialsDirectory(in: environment))
        do {
            return try await BlockingQueue.files.run {
                required
                    ? try Secret.load(file: file, key: key, credential: credential, needed: source.name, credentialsDirectory: directory)
                    : try Secret.loadIfPresent(file: file, key: key, credential: credential, credentialsDirectory: directory)
            }
        } catch let error as ConfigError {
            throw ArtistSourceFailure(.credentials, message: "\(source.name): \(error.message)")
        }
    }
}

/// What the API readers share: one GET, its transport failure and rate limit typed.
struct ArtistSourceRequest {
    let client: any HTTPClient
    let timeoutSeconds: Int

    func get(_ url: URL, headers: [String: String] = [:], source: String) async throws(ArtistSourceFailure) -> HTTPResponse {
        do {
            return try await client.send(HTTPRequest(url: url, headers: headers, timeoutSeconds: timeoutSeconds))
        } catch {
            throw ArtistSourceFailure(.transport, message: "\(source): \(url.origin) unreachable: \(error.message)")
        }
    }

    /// `429`: how long the service asks to wait, when it says (ListenBrainz's `X-RateLimit-Reset-In`, or `Retry-After`).
    static func rateLimited(_ response: HTTPResponse, source: String) -> ArtistSourceFailure {
        let wait = response.header("X-RateLimit-Reset-In") ?? response.header("Retry-After")
        let hint = wait.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { " (retry in \($0) s)" } ?? ""
        return ArtistSourceFailure(
            .rateLimited, status: response.status, message: "\(source): rate limited\(hint); kept the last good import")
    }
}
