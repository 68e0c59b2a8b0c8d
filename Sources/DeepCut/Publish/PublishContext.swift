import Foundation

/// What the published page shows beside the feed, handed in by the pipeline.
///
/// The health files are written after publishing, so `health` is the run's report as far as it is
/// known: Publish fills in its own stage (what it promoted, the baseline's age) before rendering.
struct PublishContext: Sendable {
    /// The run's report so far; the page's health panel. Nil leaves the panel out.
    var health: HealthReport?
    /// Recent runs in any order; the page charts the newest 30.
    var history: [RunRecord]
    /// `publish.baseURL`: absolute links in the feeds when set.
    var baseURL: URL?

    init(health: HealthReport? = nil, history: [RunRecord] = [], baseURL: URL? = nil) {
        self.health = health
        self.history = history
        self.baseURL = baseURL
    }
}
