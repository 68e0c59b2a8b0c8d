import DeepCutCatalog
import DeepCutCore
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
    func run<Schedule: WindowSchedule>(
        _ schedule: inout Schedule,
        perform: @escaping @Sendable (Schedule.Job) async -> Schedule.Output
    ) async -> Bool {
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

/// One unit of sweep work: find one artist, or fetch the releases of up to a batch of identified artists.
enum SweepJob: Sendable {
    case resolve(index: Int, name: String)
    case fetch([SweepJob.Member])

    /// An identified artist and its place in the library's order.
    struct Member: Sendable {
        var index: Int
        var artist: CatalogArtist
    }

    /// What a job brought back, with the job's own details.
    enum Answer: Sendable {
        case resolved(index: Int, name: String, ResolvedArtist)
        case fetched([Member], [String: Result<ArtistListing, FetchFailure>])
    }
}
