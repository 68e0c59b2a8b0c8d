import Synchronization

/// What changes while the server runs: the faults in force, the request log, and the latency generator.
/// Shared by every connection thread, so it sits behind one lock held only for bookkeeping, never for I/O.
final class FixtureState: Sendable {
    private struct ActiveFault {
        var fault: Fault
        var remaining: Int?
    }

    private struct Contents {
        var faults: [String: ActiveFault]
        /// A fault for every catalog request, whatever artist it is about: a whole-catalog outage.
        var catalogFault: Fault?
        var log: [LoggedRequest] = []
        var random: SplitMix64
        /// When the throttle next accepts a request (GCRA, a bucket of one).
        var throttleDue: Double = 0
        /// Tasks waiting for the log to reach a count (`waitForLog`), by id.
        var logWaiters: [Int: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
        var nextWaiterID = 0
    }

    private let latency: FixtureLatency
    private let contents: Mutex<Contents>

    init(catalog: FixtureCatalog, latency: FixtureLatency) {
        self.latency = latency
        var faults: [String: ActiveFault] = [:]
        for artist in catalog.artists {
            if let fault = artist.fault { faults[artist.id] = ActiveFault(fault: fault, remaining: fault.times) }
        }
        contents = Mutex(Contents(faults: faults, random: SplitMix64(seed: latency.seed)))
    }

    func setFault(_ fault: Fault?, forArtistID artistID: String) {
        contents.withLock { $0.faults[artistID] = fault.map { ActiveFault(fault: $0, remaining: $0.times) } }
    }

    func setCatalogFault(_ fault: Fault?) {
        contents.withLock { $0.catalogFault = fault }
    }

    /// The catalog-wide fault when one covers `operation` (it wins: the whole catalog is down), else the first
    /// fault in force for one of `artistIDs` that covers `operation`, counting it against its `times`.
    func takeFault(forArtistIDs artistIDs: [String], operation: CatalogOperation) -> Fault? {
        contents.withLock { contents in
            if let outage = contents.catalogFault, outage.on.covers(operation) { return outage }
            for artistID in artistIDs {
                guard let active = contents.faults[artistID], active.fault.on.covers(operation) else { continue }
                if let remaining = active.remaining {
                    guard remaining > 0 else { continue }
                    contents.faults[artistID]?.remaining = remaining - 1
                }
                return active.fault
            }
            return nil
        }
    }

    /// The server-side throttle (`FixtureServerOptions.acceptedRequestsPerMinute`): true when a request
    /// arriving at `time` (monotonic seconds) is within the pace, a bucket of two so that ordinary
    /// network jitter is no offence. A refused request does not use up a slot, so a client that
    /// keeps asking too fast is refused until it slows down.
    func acceptsAtPace(_ requestsPerMinute: Double, at time: Double) -> Bool {
        let interval = 60 / max(requestsPerMinute, 0.001)
        return contents.withLock { contents in
            guard time >= contents.throttleDue - interval else { return false }
            contents.throttleDue = max(contents.throttleDue, time) + interval
            return true
        }
    }

    func baseLatencySeconds() -> Double {
        if latency == .none { return 0 }
        return contents.withLock { latency.sampleSeconds(using: &$0.random) }
    }

    func record(_ request: LoggedRequest) {
        let reached = contents.withLock { contents in
            contents.log.append(request)
            let count = contents.log.count
            let due = contents.logWaiters.filter { $0.value.count <= count }
            for id in due.keys { contents.logWaiters[id] = nil }
            return due.values.map(\.continuation)
        }
        reached.forEach { $0.resume(returning: true) }
    }

    /// Suspends until the log holds `count` requests: true then, false if the waiting task is cancelled first.
    /// The connection thread that logs the request resumes the waiter, so the wait needs no polling and no deadline.
    func waitForLog(count: Int) async -> Bool {
        let id = contents.withLock { contents in
            defer { contents.nextWaiterID += 1 }
            return contents.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now: Bool? = contents.withLock { contents in
                    if contents.log.count >= count { return true }
                    if Task.isCancelled { return false }
                    contents.logWaiters[id] = (count, continuation)
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            contents.withLock { $0.logWaiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
        }
    }

    var log: [LoggedRequest] {
        contents.withLock { $0.log }
    }

    func resetLog() {
        contents.withLock { $0.log.removeAll() }
    }
}

/// One request the server answered (or deliberately did not), for tests to assert on and benchmarks to count.
package struct LoggedRequest: Sendable, Hashable, Codable {
    package let path: String
    /// The raw query string, still percent-encoded.
    package let query: String
    /// CLOCK_MONOTONIC seconds when the request had been read.
    package let receivedAt: Double
    /// The status sent (the promised one for a truncated answer); nil when nothing was sent (hang, reset).
    package let status: Int?
    /// Which handler answered, e.g. "itunes.search", "itunes.lookup", "notFound".
    package let route: String
    /// The fault injected into this request, if any.
    package let fault: Fault?
    /// The request's header names, lowercased and sorted (never their values): enough to prove which
    /// credentials reached this server.
    package let headerNames: [String]
}
