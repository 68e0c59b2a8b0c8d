import DeepCutHTTP

/// Runs a schedule's jobs `width` at a time in a sliding window: filled to its width, then one job
/// starts per job that finishes, so a slow job holds one slot, never the whole batch.
///
/// Stops starting jobs when the surrounding task is cancelled (SIGTERM) or the deadline passes;
/// at the deadline the running jobs are cancelled too, so the run ends promptly. Jobs must answer
/// cancellation with an output of their own (the catalog calls return `cancelled` failures).
struct SlidingWindow: Sendable {
    let width: Int
    /// No job starts at or after this instant, and running ones are cancelled when it comes.
    let deadline: ContinuousClock.Instant?
    let clock: CatalogClock

    private enum Event<Output: Sendable>: Sendable {
        case finished(Output)
        case deadline
        case timerStopped
    }

    /// Runs jobs until the schedule has none left, the task is cancelled, or the deadline passes.
    /// - Returns: true when the deadline stopped the run before every job was done.
    func run<Schedule: WindowSchedule>(_ schedule: inout Schedule,
                                       perform: @escaping @Sendable (Schedule.Job) async -> Schedule.Output) async -> Bool {
        var reachedDeadline = false
        await withTaskGroup(of: Event<Schedule.Output>.self) { group in
            if let deadline {
                group.addTask {
                    do {
                        try await clock.sleep(deadline)
                        return .deadline
                    } catch {
                        return .timerStopped
                    }
                }
            }
            var inFlight = 0
            while true {
                while inFlight < width, !reachedDeadline, !Task.isCancelled {
                    if isPastDeadline {
                        // The clock may pass the deadline a moment before the timer reports it.
                        reachedDeadline = true
                        group.cancelAll()
                        break
                    }
                    guard let job = schedule.nextJob() else { break }
                    group.addTask { .finished(await perform(job)) }
                    inFlight += 1
                }
                guard inFlight > 0, let event = await group.next() else { break }
                switch event {
                case .finished(let output):
                    inFlight -= 1
                    schedule.finished(with: output)
                case .deadline:
                    reachedDeadline = true
                    group.cancelAll()
                case .timerStopped:
                    continue
                }
            }
            // Only the timer can still be running: stop it.
            group.cancelAll()
        }
        return reachedDeadline
    }

    private var isPastDeadline: Bool {
        deadline.map { clock.now() >= $0 } ?? false
    }
}
