import DeepCutConfig
import DeepCutCore
import DeepCutPublish
import Foundation

/// `deepcut health` for a household (`profiles`): each profile's feed is checked as a feed of its
/// own (its report, its baseline's age, what its `feed.json` holds), and the household's line says
/// the worst of them first, then each profile's reasons under its name; the perfdata labels carry
/// the profile's name (`'ana_entries'`), so a graph keeps each person's series apart.
extension HealthCheck {
    /// What one feed's check reads: its report, its baseline and what `feed.json` holds. Blocking:
    /// from `BlockingQueue.files`.
    struct Inputs: Sendable {
        var report: HealthReport?
        var baseline: Baseline?
        var feed: Feed

        static func read(outputDirectory: URL) throws -> Inputs {
            Inputs(
                report: try HealthReport.load(outputDirectory: outputDirectory),
                baseline: try Baseline.read(outputDirectory: outputDirectory),
                feed: Feed.read(outputDirectory: outputDirectory))
        }
    }

    /// Reads every profile's inputs, off the cooperative pool; a profile's unreadable report is
    /// that profile's UNKNOWN, not the household's.
    static func readProfiles(_ config: Config) async -> [(name: String, inputs: Result<Inputs, any Error>)] {
        var read: [(name: String, inputs: Result<Inputs, any Error>)] = []
        for profile in config.profiles {
            let folder = profile.config.outputDirectory
            do {
                read.append((profile.name, .success(try await BlockingQueue.files.run { try Inputs.read(outputDirectory: folder) })))
            } catch {
                read.append((profile.name, .failure(error)))
            }
        }
        return read
    }

    /// Critical over warning over unknown over OK.
    private static func rank(_ state: State) -> Int {
        switch state {
        case .ok: 0
        case .unknown: 1
        case .warning: 2
        case .critical: 3
        }
    }

    func evaluate(
        household: HealthReport, profiles: [(name: String, inputs: Result<Inputs, any Error>)], now: Date
    ) -> (
        state: State, line: String
    ) {
        var combined = Assessment(state: .ok, reasons: [], perfdata: [])
        for (name, inputs) in profiles {
            let assessment: Assessment
            switch inputs {
            case .success(let inputs):
                if let report = inputs.report {
                    assessment = assess(report: report, baseline: inputs.baseline, feed: inputs.feed, now: now)
                } else {
                    assessment = Assessment(state: .unknown, reasons: ["no health report yet"], perfdata: [])
                }
            case .failure(let error):
                assessment = Assessment(state: .unknown, reasons: [(error as? any DeepCutError)?.message ?? "\(error)"], perfdata: [])
            }
            if Self.rank(assessment.state) > Self.rank(combined.state) { combined.state = assessment.state }
            combined.reasons.append("\(name) \(assessment.state.rawValue): " + assessment.reasons.joined(separator: ", "))
            combined.perfdata += assessment.perfdata.map { ("\(name)_\($0.label)", $0.value) }
        }
        if let skip = household.lastSkip { combined.reasons.append("household last skipped \(Timestamp.display(skip.at))") }
        return combined.line
    }
}
