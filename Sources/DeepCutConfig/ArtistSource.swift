import Foundation

/// One entry of the config's `artistSources` array: where artists come from beside the library.
///
/// | key          | kinds                  | default                                                    |
/// | ------------ | ---------------------- | ---------------------------------------------------------- |
/// | `user`       | `listenbrainz`, `lastfm` | required                                                 |
/// | `tokenFile`  | `listenbrainz`         | none (ListenBrainz stats are public; a token raises the rate limit) |
/// | `apiKeyFile` | `lastfm`               | required                                                   |
/// | `minPlays`   | `listenbrainz`, `lastfm` | 10                                                       |
/// | `period`     | `listenbrainz`         | `all_time` (`range`: this_week, this_month, this_year, week, month, quarter, year, half_yearly, all_time) |
/// | `period`     | `lastfm`               | `overall` (overall, 7day, 1month, 3month, 6month, 12month) |
/// | `baseURL`    | `listenbrainz`, `lastfm` | `https://api.listenbrainz.org`, `https://ws.audioscrobbler.com` |
/// | `path`       | `followed`             | required: a text file (one artist a line) or a CSV with an `artist` column |
package struct ArtistSource: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case listenbrainz
        case lastfm
        case followed
    }

    package static let defaultMinPlays = 10
    package static let listenBrainzBaseURL = URL(string: "https://api.listenbrainz.org")!
    package static let lastFMBaseURL = URL(string: "https://ws.audioscrobbler.com")!
    /// ListenBrainz's statistics `range` values (Statistics API).
    package static let listenBrainzRanges = [
        "this_week", "this_month", "this_year", "week", "month", "quarter", "year", "half_yearly", "all_time"
    ]
    /// Last.fm's `user.getTopArtists` `period` values.
    package static let lastFMPeriods = ["overall", "7day", "1month", "3month", "6month", "12month"]

    package var kind: Kind
    /// The ListenBrainz or Last.fm user name; nil for `followed`.
    package var user: String?
    /// The API's base URL; for `followed`, the list file.
    package var location: URL
    /// ListenBrainz user token file (optional) or Last.fm API key file (required).
    package var secretFile: URL?
    package var minPlays: Int
    package var period: String

    package init(kind: Kind, user: String?, location: URL, secretFile: URL? = nil, minPlays: Int = Self.defaultMinPlays, period: String) {
        self.kind = kind
        self.user = user
        self.location = location
        self.secretFile = secretFile
        self.minPlays = minPlays
        self.period = period
    }

    /// How the health report, the state and messages name the source: `lastfm:rj`, `followed:artists.txt`.
    package var name: String {
        switch kind {
        case .listenbrainz, .lastfm: "\(kind.rawValue):\(user ?? "")"
        case .followed: "followed:\(location.lastPathComponent)"
        }
    }
}

extension ArtistSource {
    /// Reads one `artistSources[]` entry; a key the kind does not take is an unknown key (exit 78).
    init(_ field: ConfigField, folder: URL) throws {
        var entry = try field.object()
        let kind = try entry.required("kind").oneOf(Kind.self)
        switch kind {
        case .followed:
            self.init(kind: kind, user: nil, location: try entry.required("path").path(relativeTo: folder), period: "")
        case .listenbrainz, .lastfm:
            let userField = try entry.required("user")
            let user = try userField.nonEmptyString()
            guard !user.contains("/") else { throw userField.failure("must be a user name, not a path") }
            let secret = try entry.optional(kind == .lastfm ? "apiKeyFile" : "tokenFile")?.path(relativeTo: folder)
            if kind == .lastfm, secret == nil { _ = try entry.required("apiKeyFile") }
            let periods = kind == .lastfm ? Self.lastFMPeriods : Self.listenBrainzRanges
            let period = try entry.optional("period").map { field in
                let text = try field.string()
                guard periods.contains(text) else {
                    throw field.failure("must be one of \(periods.joined(separator: ", ")), got '\(text)'")
                }
                return text
            }
            self.init(
                kind: kind, user: user,
                location: try entry.optional("baseURL")?.httpURL() ?? (kind == .lastfm ? Self.lastFMBaseURL : Self.listenBrainzBaseURL),
                secretFile: secret, minPlays: try entry.optional("minPlays")?.integer(in: 1...1_000_000) ?? Self.defaultMinPlays,
                period: period ?? periods[kind == .lastfm ? 0 : periods.count - 1])
        }
        try entry.rejectUnknownKeys()
    }

    /// `artistSources`: an array of sources (may be empty).
    static func sources(_ field: ConfigField, folder: URL) throws -> [ArtistSource] {
        let sources = try field.array().map { try ArtistSource($0, folder: folder) }
        var seen: Set<String> = []
        for (index, source) in sources.enumerated() where !seen.insert(source.name).inserted {
            throw field.failure("entry \(index) repeats source \(source.name)")
        }
        return sources
    }
}
