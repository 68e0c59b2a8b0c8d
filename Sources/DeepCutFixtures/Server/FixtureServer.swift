import Dispatch
import Foundation
import Glibc
import Synchronization

/// A loopback catalog server speaking the iTunes Search API's, Apple Music API's and MusicBrainz WS/2's formats
/// (their paths are disjoint, so all are served at once) from a `FixtureCatalog`, with per-artist
/// fault injection, for tests (in process), the demo and benchmarks (as the `deepcut-fixture-server` process).
///
/// One thread per connection with blocking sockets: simple, and fast enough for thousands of requests a second.
package final class FixtureServer: Sendable {
    private enum Phase {
        case idle
        case running(ListeningSocket, URL)
        /// The port stays taken (refusing) until the server goes away: see `stop()`.
        case stopped(RefusingPort?)
    }

    private let options: FixtureServerOptions
    private let library: FixtureLibrary
    /// The ListenBrainz and Last.fm histories served beside the catalog.
    package let listening: FixtureListeningHistory
    private let state: FixtureState
    private let router: FixtureRouter
    private let connections = ConnectionRegistry()
    private let threads = DispatchGroup()
    private let phase = Mutex(Phase.idle)

    /// - Parameter library: the user's Apple Music library served at `/v1/me/library/albums`.
    package init(
        catalog: FixtureCatalog, options: FixtureServerOptions = FixtureServerOptions(),
        library: FixtureLibrary = FixtureLibrary(), listening: FixtureListeningHistory = FixtureListeningHistory()
    ) {
        self.options = options
        self.library = library
        self.listening = listening
        state = FixtureState(catalog: catalog, latency: options.latency)
        router = FixtureRouter(routes: [], state: state, acceptedRequestsPerMinute: options.acceptedRequestsPerMinute)
        router.replaceRoutes(routes(serving: catalog, sort: options.lookupSort))
    }

    private func routes(serving catalog: FixtureCatalog, sort: FixtureServerOptions.LookupSort) -> [any FixtureRoute] {
        [
            FixtureLogRoute(state: state), ITunesRoute(catalog: catalog, limitReading: options.lookupLimit, sort: sort),
            AppleMusicLibraryRoute(library: library),
            AppleMusicRoute(catalog: catalog, expectedToken: options.appleMusicToken), MusicBrainzRoute(catalog: catalog),
            ListenBrainzRoute(history: listening), LastFMRoute(history: listening)
        ]
    }

    /// Nothing may wait in `deinit`: the sockets close here and the threads end on their own.
    deinit {
        close()
    }

    /// Binds its loopback address (127.0.0.1 by default) and starts accepting connections.
    /// - Returns: the base URL, e.g. `http://127.0.0.1:40123`; append `/search` or `/lookup`.
    @discardableResult
    package func start() throws -> URL {
        try phase.withLock { phase in
            guard case .idle = phase else { throw FixtureServerError("the server was already started") }
            let listener = try ListeningSocket.bindLoopback(host: options.host, port: options.port)
            let url = URL(string: "http://\(options.host):\(listener.port)")!
            phase = .running(listener, url)
            let (connections, router, threads) = (connections, router, threads)
            threads.enter()
            Thread.detachNewThread {
                defer { threads.leave() }
                while let socket = listener.accept() {
                    // Refused once the server is stopping: this is `wakeAccept`'s connection (or a late one).
                    guard connections.register(socket) else { break }
                    threads.enter()
                    Thread.detachNewThread {
                        defer { threads.leave() }
                        let reset = FixtureConnection(socket: socket, router: router).serve()
                        connections.close(socket, reset: reset)
                    }
                }
            }
            return url
        }
    }

    /// Closes the listener and every connection (hung ones too), and returns once all server threads have ended.
    /// The caller suspends meanwhile: the threads' group resumes it when the last one leaves, so no thread
    /// (least of all one of the few cooperative threads) blocks waiting for them.
    ///
    /// The port then refuses connections for as long as this server lives: a test that stops its
    /// catalog to play an outage must not find another test's new server answering on the freed port
    /// (tests run in parallel, and the kernel hands freed ports out again).
    package func stop() async {
        guard let (listener, url) = beginStopping() else { return }
        await withCheckedContinuation { continuation in
            threads.notify(queue: .global()) { continuation.resume() }
        }
        listener.close()
        // Best effort: should another socket win the port in between, the outage is still real for this test.
        let holder = try? RefusingPort(host: options.host, port: UInt16(url.port ?? 0))
        phase.withLock { $0 = .stopped(holder) }
    }

    /// Closes the listener and every connection, and returns at once: the threads end on their own and
    /// the listener closes after the last of them. For `deinit` and `defer`, where nothing can wait; the
    /// port is freed rather than held refusing, so use `stop()` to play an outage.
    package func close() {
        guard let (listener, _) = beginStopping() else { return }
        threads.notify(queue: .global()) { listener.close() }
    }

    /// Moves to `.stopped` and wakes every thread; nil when the server was not running.
    private func beginStopping() -> (ListeningSocket, URL)? {
        let running: (ListeningSocket, URL)? = phase.withLock { phase in
            if case .running(let listener, let url) = phase {
                phase = .stopped(nil)
                return (listener, url)
            }
            if case .idle = phase { phase = .stopped(nil) }
            return nil
        }
        guard let running else { return nil }
        connections.closeAll()
        running.0.wakeAccept()
        return running
    }

    /// Puts a fault in force for one artist (nil clears it); its `times` count starts afresh.
    package func setFault(_ fault: Fault?, forArtistID artistID: String) {
        state.setFault(fault, forArtistID: artistID)
    }

    /// Serves `catalog` from the next request on, on the same port: the remote catalog changed between two runs.
    /// Faults in force stay in force (a catalog's own `fault` fields are read only at `init`).
    /// - Parameter lookupSort: how iTunes lookups order collections from now on; nil keeps the options'.
    package func replaceCatalog(_ catalog: FixtureCatalog, lookupSort: FixtureServerOptions.LookupSort? = nil) {
        router.replaceRoutes(routes(serving: catalog, sort: lookupSort ?? options.lookupSort))
    }

    /// Puts a fault in force for every catalog request, whoever it is about (nil clears it): a whole-catalog
    /// outage — 5xx for everyone, every request hanging, or 200 with empty results for everyone. It wins over
    /// per-artist faults and has no `times` count. For refused connections use `RefusingPort`.
    package func setCatalogFault(_ fault: Fault?) {
        state.setCatalogFault(fault)
    }

    /// Every catalog request so far, oldest first (the fixture's own `/_fixture/` requests excluded).
    package var requestLog: [LoggedRequest] {
        state.log
    }

    /// Suspends until `count` catalog requests have been logged (true), or the waiting task is cancelled (false):
    /// a wait woken by the request itself, not a poll against a wall-clock bound that a loaded machine can overrun.
    package func waitForRequests(_ count: Int) async -> Bool {
        await state.waitForLog(count: count)
    }

    package func resetLog() {
        state.resetLog()
    }
}

/// The fixture server could not start: a socket call failed, or `start()` was called twice.
package struct FixtureServerError: Error, Sendable, CustomStringConvertible {
    package let description: String

    init(operation: String, errno code: Int32) {
        description = "\(operation) failed: \(String(cString: strerror(code)))"
    }

    init(_ description: String) {
        self.description = description
    }
}
