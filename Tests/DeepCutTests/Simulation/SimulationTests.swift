import Foundation
import Testing

@testable import DeepCutCore

/// The deterministic simulation (issue 13): the real `Pipeline` on a virtual clock, hourly `sweep --if-stale`
/// runs against the loopback catalog through the real libcurl client, a seeded schedule of outages, catalog
/// and library changes, dismissals and restores, and the oracle's five invariants checked after every run.
///
/// `scripts/simulate [SEEDS] [HOURS]` runs many seeds through `longRun` (environment `DEEPCUT_SIM_SEEDS`,
/// `DEEPCUT_SIM_HOURS`, `DEEPCUT_SIM_VERBOSE=1` for every violation).
@Suite("Simulation")
struct SimulationTests {
    static let ciSeeds: [UInt64] = Array(1...10)
    static let ciHours = 50

    // MARK: CI

    @Test("CI seeds keep every invariant", arguments: ciSeeds)
    func ciSeed(_ seed: UInt64) async throws {
        try await Self.expectNoViolations(seed: seed, hours: Self.ciHours, ignoring: [])
    }

    // MARK: Determinism

    @Test("The same seed gives the same schedule and the same verdicts")
    func sameSeedSameVerdicts() async throws {
        #expect(SimulationSchedule(seed: 7, hours: 30) == SimulationSchedule(seed: 7, hours: 30))
        #expect(SimulationSchedule(seed: 7, hours: 30) != SimulationSchedule(seed: 8, hours: 30))
        let schedule = SimulationSchedule(seed: 7, hours: 16)
        let first = try await Simulation.run(schedule, ignoring: [])
        let second = try await Simulation.run(schedule, ignoring: [])
        #expect(first.exitCodes == second.exitCodes)
        #expect(first.violations == second.violations)
        #expect(first.runs == 16)
    }

    // MARK: Long runs

    @Test("Many seeds (scripts/simulate)", .enabled(if: ProcessInfo.processInfo.environment["DEEPCUT_SIM_SEEDS"] != nil))
    func longRun() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seeds = try #require(Self.seeds(environment["DEEPCUT_SIM_SEEDS"] ?? ""), "DEEPCUT_SIM_SEEDS: use 1-200 or 1,5,9")
        let hours = Int(environment["DEEPCUT_SIM_HOURS"] ?? "") ?? 50
        let verbose = environment["DEEPCUT_SIM_VERBOSE"] != nil
        let started = Date()
        var runs = 0
        var realRuns = 0
        var told = 0
        var failingSeeds: [UInt64] = []
        var classes: [String: (invariant: SimulationInvariant, seeds: [UInt64])] = [:]
        for seed in seeds {
            let verdict = try await Simulation.run(SimulationSchedule(seed: seed, hours: hours), ignoring: [])
            if verbose { for violation in verdict.violations { print("seed \(seed): \(violation)") } }
            runs += verdict.runs
            realRuns += verdict.realRuns
            told += verdict.told
            for violation in verdict.violations where classes[violation.rule]?.seeds.last != seed {
                classes[violation.rule, default: (violation.invariant, [])].seeds.append(seed)
            }
            if let first = verdict.violations.first {
                failingSeeds.append(seed)
                print("seed \(seed): \(verdict.violations.count) violations in \(verdict.runs) runs; first \(first)")
            }
        }
        print(
            "simulation: \(runs) runs (\(realRuns) not skipped, \(told) items told) over \(seeds.count) seeds, \(hours) h each, "
                + "\(failingSeeds.count) seeds with violations, \(Int(Date().timeIntervalSince(started))) s")
        for (rule, found) in classes.sorted(by: { $0.key < $1.key }) {
            // Shrink one representative per violation class: the shortest sequence is what a fix starts from.
            let seed = found.seeds[0]
            let (shrunk, witness) = try await Simulation.shrink(SimulationSchedule(seed: seed, hours: hours), breaking: rule)
            print(
                "class \(rule) \(found.invariant): \(found.seeds.count) seeds, e.g. \(found.seeds.prefix(8).map(String.init).joined(separator: ","))"
            )
            if let witness { print(Simulation.report(witness, seed: seed, shrunk: shrunk)) }
        }
        #expect(failingSeeds.isEmpty, "seeds with violations: \(failingSeeds)")
    }

    // MARK: Helpers

    static func expectNoViolations(seed: UInt64, hours: Int, ignoring: Set<String>) async throws {
        let schedule = SimulationSchedule(seed: seed, hours: hours)
        let verdict = try await Simulation.run(schedule, ignoring: ignoring, stopEarly: true)
        guard let first = verdict.violations.first else { return }
        let (shrunk, witness) = try await Simulation.shrink(schedule, breaking: first.rule, budget: 12)
        Issue.record(Comment(rawValue: Simulation.report(witness ?? first, seed: seed, shrunk: shrunk)))
    }

    /// "1-200", "3,7,9" or a mix ("1-5,9").
    static func seeds(_ text: String) -> [UInt64]? {
        var seeds: [UInt64] = []
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-").map { UInt64($0.trimmingCharacters(in: .whitespaces)) }
            switch bounds.count {
            case 1:
                guard let seed = bounds[0] else { return nil }
                seeds.append(seed)
            case 2:
                guard let low = bounds[0], let high = bounds[1], low <= high else { return nil }
                seeds += Array(low...high)
            default: return nil
            }
        }
        return seeds.isEmpty ? nil : seeds
    }
}
