/// The work a `SlidingWindow` runs, handed out one job at a time as slots free up.
///
/// Lives on the task that runs the window, so it can keep plain mutable state: which jobs are
/// waiting, which results have come back, and what a result makes possible next.
protocol WindowSchedule {
    associatedtype Job: Sendable
    associatedtype Output: Sendable

    /// The job to start in a free slot, or nil when none should start until a running one finishes.
    mutating func nextJob() -> Job?

    /// Takes in a finished job's output.
    mutating func finished(with output: Output)
}
