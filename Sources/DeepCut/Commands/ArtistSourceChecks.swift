import DeepCutConfig
import Foundation

/// `check-config`'s look at `artistSources`: a followed list that cannot be read and a key file
/// that is missing are exit 78 here, naming the key, although a sweep only reports such a source
/// failing (and keeps its last import): check-config is where a setup mistake should show.
enum ArtistSourceChecks {
    static func check(_ config: Config, credentialsDirectory: URL?) throws {
        let file = config.file.lastPathComponent
        for (index, source) in config.artistSources.enumerated() {
            let key = "artistSources[\(index)]"
            switch source.kind {
            case .followed:
                guard FileManager.default.isReadableFile(atPath: source.location.path) else {
                    throw ConfigError(message: "\(file): \(key).path: cannot read \(source.location.path)")
                }
            case .lastfm:
                _ = try Secret.load(
                    file: source.secretFile, key: "\(key).apiKeyFile", credential: "lastfm-api-key",
                    needed: "Last.fm's user.getTopArtists needs an API key", credentialsDirectory: credentialsDirectory)
            case .listenbrainz:
                _ = try Secret.loadIfPresent(
                    file: source.secretFile, key: "\(key).tokenFile", credential: "listenbrainz-token",
                    credentialsDirectory: credentialsDirectory)
            }
        }
    }
}
