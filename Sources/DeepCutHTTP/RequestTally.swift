import Synchronization

/// Counts the HTTP requests made on behalf of one artist, retries included, for the health report.
///
/// Carried as a task-local because the count belongs to the artist being swept, not to any one
/// provider call: the sweep binds a tally around an artist's task tree and `CatalogRequester` records
/// every request it sends, whichever provider (and however many calls) the artist needed.
package final class RequestTally: Sendable {
    @TaskLocal package static var current: RequestTally?

    private let count = Atomic<Int>(0)

    package init() {}

    package var requests: Int { count.load(ordering: .relaxed) }

    func record() {
        count.add(1, ordering: .relaxed)
    }
}
