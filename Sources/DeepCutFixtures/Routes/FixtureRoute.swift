/// One API format the fixture speaks (iTunes today; Apple Music and MusicBrainz are further conformers).
///
/// A route only turns a request into the normal answer and names the artists it concerns; the router applies
/// faults, latency and logging the same way for every format.
protocol FixtureRoute: Sendable {
    /// The plan for `request`, or nil when its path belongs to another route.
    func plan(for request: LoopbackRequest) -> RoutePlan?
}
