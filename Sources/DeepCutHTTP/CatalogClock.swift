/// Monotonic time as the catalog layer sees it: a reading and a cancellable wait until an instant.
///
/// Injected so rate-limit and deadline tests run instantly and deterministically; production uses
/// `ContinuousClock`, which keeps counting while the machine sleeps, as a politeness budget should.
package struct CatalogClock: Sendable {
    package let now: @Sendable () -> ContinuousClock.Instant
    /// Returns at (or after) the instant; throws when the waiting task is cancelled.
    package let sleep: @Sendable (ContinuousClock.Instant) async throws -> Void

    package init(now: @escaping @Sendable () -> ContinuousClock.Instant,
         sleep: @escaping @Sendable (ContinuousClock.Instant) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    package static let continuous = CatalogClock(now: { .now }, sleep: { try await Task.sleep(until: $0, clock: .continuous) })
}
