@testable import DeepCut
@testable import DeepCutSweep

/// The original app's scheduler, kept only to be measured against `SlidingWindow`: start `width`
/// jobs, wait until every one of them has finished, then start the next chunk, so each chunk
/// lasts as long as its slowest job.
struct LockstepWindow {
    let width: Int

    func run<Schedule: WindowSchedule>(
        _ schedule: inout Schedule,
        perform: @escaping @Sendable (Schedule.Job) async -> Schedule.Output
    ) async {
        while true {
            var chunk: [Schedule.Job] = []
            while chunk.count < width, let job = schedule.nextJob() { chunk.append(job) }
            guard !chunk.isEmpty else { return }
            let outputs = await withTaskGroup(of: Schedule.Output.self) { group in
                for job in chunk { group.addTask { await perform(job) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for output in outputs { schedule.finished(with: output) }
        }
    }
}
