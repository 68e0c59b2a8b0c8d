import DeepCutCore
import DeepCutTestKit
import Foundation

@testable import DeepCutFixtures
@testable import DeepCutHTTP
@testable import DeepCutState
@testable import DeepCutSweep

/// A sweep through the production stack against a `FixtureServer`, with the resolution cache in a
/// real state database.
struct LiveSweep {
    var live: LiveITunes
    var concurrency = 4
    var store: StateStore?
    var overrides: [String: String] = [:]
    var deadline: Duration?
    /// The sweep's clock (the deadline's); the rate limiter keeps `live.clock`.
    var clock = CatalogClock.continuous
    var now: @Sendable () -> Date = { Date() }

    init(_ url: URL, store: StateStore? = nil) {
        live = LiveITunes(url)
        self.store = store
    }

    func run(_ artists: [String], ownedKeys: Set<AlbumKey> = []) async throws -> SweepOutcome {
        let sweep = SweepCatalog(
            provider: live.provider(concurrency: concurrency), concurrency: concurrency,
            resolutionCache: store, overrides: overrides, deadline: deadline,
            clock: clock, now: now)
        return try await sweep.run(artists: artists, ownedKeys: ownedKeys)
    }
}

extension FixtureServer {
    /// Requests per route since the last `resetLog()`, e.g. `["itunes.search": 12, "itunes.lookup": 2]`.
    var requestsByRoute: [String: Int] {
        requestLog.reduce(into: [:]) { $0[$1.route, default: 0] += 1 }
    }
}

/// A fresh state database in a temp folder, removed afterwards.
func withStateStore<T>(_ body: (StateStore) async throws -> T) async throws -> T {
    let folder = ScratchFolder()
    defer { withExtendedLifetime(folder) {} }
    return try await body(await StateStore(url: folder.url.appendingPathComponent("state.db")))
}
