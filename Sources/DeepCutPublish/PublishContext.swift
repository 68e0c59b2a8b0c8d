import DeepCutCore
import Foundation

/// What the published page shows beside the feed, handed in by the pipeline.
///
/// The pipeline hands in the finished run's report and a history that holds this run; a caller
/// whose report's `publish` stage is still `notRun` gets Publish's own outcome filled in.
package struct PublishContext: Sendable {
    /// The run's report; the page's health panel. Nil leaves the panel out.
    var health: HealthReport?
    /// Recent runs in any order; the page charts the newest 30.
    var history: [RunRecord]
    /// `publish.baseURL`: absolute links in the feeds when set.
    var baseURL: URL?
    /// The install's id in the feeds' entry ids (`StateStore.installID`); nil for the legacy ids.
    var installID: String?

    package init(health: HealthReport? = nil, history: [RunRecord] = [], baseURL: URL? = nil, installID: String? = nil) {
        self.health = health
        self.history = history
        self.baseURL = baseURL
        self.installID = installID
    }
}
