import Foundation

/// What one schedule did: its runs and the violations of the checked invariants.
struct SimulationVerdict: Sendable {
    var schedule: SimulationSchedule
    var runs = 0
    var realRuns = 0
    /// Digest items the notification channel was sent, over all runs.
    var told = 0
    /// Exit codes in run order: with the violations, what "the same verdicts" means for determinism.
    var exitCodes: [Int32] = []
    var violations: [SimulationViolation] = []
    var notes: [String] = []
}

/// Drives a schedule through a fresh world, checks the oracle after every run, and shrinks a failing schedule
/// to the shortest run sequence that still shows the violation.
enum Simulation {
    /// - Parameters:
    ///   - ignoring: rules (violation classes) whose violations do not count, e.g. known-failing ones.
    ///   - stopEarly: stop at the first counted violation.
    ///   - rule: count only violations of this rule (a violation class), and stop at the first.
    static func run(
        _ schedule: SimulationSchedule, ignoring: Set<String>, stopEarly: Bool = false,
        rule: String? = nil
    ) async throws -> SimulationVerdict {
        let world = try SimulationWorld(seed: schedule.seed)
        var oracle = SimulationOracle()
        var verdict = SimulationVerdict(schedule: schedule)
        for hour in 0..<schedule.hours {
            let observation = try await world.run(hour: hour, events: schedule.events[hour])
            verdict.runs += 1
            if !observation.requests.isEmpty || observation.exitCode != 0 { verdict.realRuns += 1 }
            verdict.told += observation.told.count
            verdict.exitCodes.append(observation.exitCode)
            verdict.notes += observation.notes.map { "hour \(hour): \($0)" }
            let counted = oracle.check(observation).filter { !ignoring.contains($0.rule) && (rule == nil || $0.rule == rule) }
            verdict.violations += counted
            if stopEarly || rule != nil, !counted.isEmpty { break }
        }
        return verdict
    }

    /// The shortest schedule found that still breaks `rule` (a violation class): cut after the violating run, then drop events
    /// one at a time (latest first), keeping each drop that keeps the violation. Deterministic worlds make every
    /// replay repeat, so this is plain delta debugging with a budget of replays.
    static func shrink(
        _ schedule: SimulationSchedule, breaking rule: String,
        budget: Int = 40
    ) async throws -> (schedule: SimulationSchedule, violation: SimulationViolation?) {
        var best = schedule
        var replays = 0
        var witness: SimulationViolation?
        func firstViolation(_ candidate: SimulationSchedule) async throws -> SimulationViolation? {
            replays += 1
            let verdict = try await run(candidate, ignoring: [], rule: rule)
            return verdict.violations.first
        }
        guard let first = try await firstViolation(best) else { return (best, nil) }
        witness = first
        best = best.prefix(hours: first.hour + 1)
        var index = best.timeline.count - 1
        while index >= 0, replays < budget {
            let event = best.timeline[index]
            let candidate = best.removing(hour: event.hour, index: event.index)
            if let found = try await firstViolation(candidate) {
                best = candidate.prefix(hours: found.hour + 1)
                witness = found
                index = min(index, best.timeline.count) - 1
            } else {
                index -= 1
            }
        }
        return (best, witness)
    }

    /// The report a failing seed prints: the seed, the violation, and the run sequence that shows it.
    static func report(_ violation: SimulationViolation, seed: UInt64, shrunk: SimulationSchedule) -> String {
        """
        simulation seed \(seed) violates \(violation.invariant) [\(violation.rule)] at hour \(violation.hour): \(violation.detail)
        shortest run sequence found (\(shrunk.hours) runs, replay with DEEPCUT_SIM_SEEDS=\(seed)):
        \(shrunk.description)
        """
    }
}
