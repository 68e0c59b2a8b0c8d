/// Runs jobs `width` at a time in a sliding window: filled to its width, then one job starts per
/// job that finishes, so a slow job holds one slot, never the whole batch.
///
/// Stops starting jobs when the surrounding task is cancelled (SIGTERM) or the deadline passes;
/// at the deadline the running jobs are cancelled too, so the run ends promptly. Jobs must answer
/// cancellation with a result of their own (the catalog calls return `cancelled` failures).
struct SlidingWindow: Sendable {
    let width: Int
    /// No job starts at or after this instant, and running ones are cancelled when it comes.
    let deadline: ContinuousClock.Instant?
    let clock: CatalogClock

    /// What a run produced.
    struct Run<Output: Sendable>: Sendable {
        /// Each job's output by index; nil for jobs never started.
        var outputs: [Output?]
        /// True when the deadline stopped the run.
        var reachedDeadline: Bool
    }

    private enum Event<Output: Sendable>: Sendable {
        case finished(Int, Output)
        case deadline
        case timerCancelled
    }

    func run<Output: Sendable>(_ jobCount: Int, _ job: @escaping @Sendable (Int) async -> Output) async -> Run<Output> {
        var run = Run<Output>(outputs: Array(repeating: nil, count: jobCount), reachedDeadline: isPastDeadline)
        guard jobCount > 0, !run.reachedDeadline else { return run }
        await withTaskGroup(of: Event<Output>.self) { group in
            if let deadline {
                group.addTask {
                    do {
                        try await clock.sleep(deadline)
                        return .deadline
                    } catch {
                        return .timerCancelled
                    }
                }
            }
            var nextIndex = 0
            var inFlight = 0
            while true {
                while inFlight < width, nextIndex < jobCount, !run.reachedDeadline, !Task.isCancelled, !isPastDeadline {
                    let index = nextIndex
                    group.addTask { .finished(index, await job(index)) }
                    nextIndex += 1
                    inFlight += 1
                }
                guard inFlight > 0, let event = await group.next() else { break }
                switch event {
                case .finished(let index, let output):
                    run.outputs[index] = output
                    inFlight -= 1
                case .deadline:
                    run.reachedDeadline = true
                    group.cancelAll()
                case .timerCancelled:
                    continue
                }
            }
            // Only the timer can still be running: stop it.
            group.cancelAll()
        }
        // The clock may pass the deadline a moment before the timer reports it.
        if run.outputs.contains(where: { $0 == nil }), isPastDeadline { run.reachedDeadline = true }
        return run
    }

    private var isPastDeadline: Bool {
        deadline.map { clock.now() >= $0 } ?? false
    }
}
