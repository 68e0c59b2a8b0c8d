import Synchronization

/// The listening histories a `FixtureServer` serves in ListenBrainz's and Last.fm's formats
/// (`ListenBrainzRoute`, `LastFMRoute`), changeable between two requests so a test can make a
/// source fail and recover: a rate limit, a profile gone private, a user deleted.
package final class FixtureListeningHistory: Sendable {
    /// One user's history: the artists with their play counts, in any order (the routes sort).
    package struct Listener: Sendable, Hashable {
        package var artists: [(name: String, plays: Int)]
        /// Last.fm: the user hides their history (error 17). ListenBrainz has no private profiles.
        package var isPrivate: Bool

        package init(artists: [(name: String, plays: Int)], isPrivate: Bool = false) {
            self.artists = artists
            self.isPrivate = isPrivate
        }

        package static func == (lhs: Listener, rhs: Listener) -> Bool {
            lhs.isPrivate == rhs.isPrivate && lhs.artists.elementsEqual(rhs.artists) { $0 == $1 }
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(isPrivate)
            for artist in artists {
                hasher.combine(artist.name)
                hasher.combine(artist.plays)
            }
        }

        /// Most played first, then by name: the order both services answer in.
        var ranked: [(name: String, plays: Int)] {
            artists.sorted { $0.plays != $1.plays ? $0.plays > $1.plays : $0.name < $1.name }
        }
    }

    private struct State {
        var users: [String: Listener] = [:]
        var rateLimited = false
        var requests = 0
    }

    /// The Last.fm API key the route accepts (`api_key`); anything else is error 10.
    package let lastFMAPIKey: String
    /// The ListenBrainz token accepted in `Authorization: Token …`; a request without one is served too.
    package let listenBrainzToken: String
    private let state = Mutex(State())

    package init(lastFMAPIKey: String = "fixture-lastfm-key", listenBrainzToken: String = "fixture-listenbrainz-token") {
        self.lastFMAPIKey = lastFMAPIKey
        self.listenBrainzToken = listenBrainzToken
    }

    /// Sets (or with nil removes: "user not found") one user's history.
    package func setUser(_ name: String, _ listener: Listener?) {
        state.withLock { $0.users[name.lowercased()] = listener }
    }

    /// While true, every request gets the service's rate-limit answer.
    package func setRateLimited(_ limited: Bool) {
        state.withLock { $0.rateLimited = limited }
    }

    /// Requests answered so far, of both services.
    package var requests: Int { state.withLock { $0.requests } }

    /// Counts the request and returns what it may see: nil for a user not found.
    func answer(user: String) -> (listener: Listener?, rateLimited: Bool) {
        state.withLock { state in
            state.requests += 1
            return (state.users[user.lowercased()], state.rateLimited)
        }
    }
}
