import DeepCutConfig
import DeepCutCore
import DeepCutPublish
import DeepCutState
import DeepCutSweep
import Foundation

/// A household run (`profiles`). Each profile opens its own state and loads its own library and
/// listening history; one sweep then asks for the union of their artists, each once, under one
/// rate budget, with the catalog's memory in the household's state database; and each profile
/// diffs, publishes, tells and records its share on its own, exactly as a run without profiles
/// does. A profile whose library (or state, or output) fails, fails alone: the others publish.
/// The household's own report (`health.json` in `outputDirectory`) lists every profile's run and
/// takes the worst of them; its record in the household's history is what the next sweep repairs from.
extension Pipeline {
    /// One profile's pipeline: its own config, and its own channels.
    private func member(_ profile: Profile) -> Pipeline {
        Pipeline(
            config: profile.config, client: client, log: log, environment: environment, now: now,
            channels: profileChannels[profile.name] ?? [])
    }

    /// A profile on its way through the run: its pipeline, its outcomes so far, and its result once ended.
    private struct Member: Sendable {
        var name: String
        var pipeline: Pipeline
        var run: RunOutcomes
        var opened: (store: StateStore, previous: PreviousRun)?
        var start: RunStart?
        var result: PipelineResult?

        mutating func end(failing error: any Error) async {
            result = await pipeline.fail(run, error: error)
        }
    }

    func runHousehold(_ options: SweepOptions, startPing: StartPing) async -> PipelineResult {
        var household = newRun()
        let store: StateStore
        let previous: PreviousRun
        do {
            (store, previous) = try await open(&household)
        } catch {
            return await fail(household, error: error)
        }
        var members: [Member] = []
        for profile in config.profiles {
            let pipeline = member(profile)
            var member = Member(name: profile.name, pipeline: pipeline, run: pipeline.newRun(startedAt: household.startedAt))
            do {
                member.opened = try await pipeline.open(&member.run)
            } catch {
                await member.end(failing: error)
            }
            members.append(member)
        }
        if options.ifStale, let reason = await everyProfileSkips(members) {
            log.info("run.skipped", ["reason": reason])
            for index in members.indices {
                guard let opened = members[index].opened else { continue }
                members[index].result = await members[index].pipeline.skip(
                    members[index].run, reason: reason, store: opened.store, baseline: opened.previous.baselineSummary)
            }
            return await skip(household, reason: reason, store: store, baseline: nil)
        }
        sendStartPing(startPing, runID: household.runID)
        for index in members.indices where members[index].result == nil {
            guard let opened = members[index].opened else { continue }
            do {
                members[index].start = try await members[index].pipeline.load(
                    &members[index].run, store: opened.store, previous: opened.previous, options: options)
            } catch {
                await members[index].end(failing: error)
            }
        }
        let starts = members.compactMap(\.start)
        guard !starts.isEmpty else { return await conclude(household, members: members, store: store) }
        let answers: CatalogAnswers
        do {
            answers = try await sweep(
                starts, artists: Self.union(starts.map(\.artists)), previous: previous, runID: household.runID,
                startedAt: household.startedAt, store: store)
        } catch {
            for index in members.indices where members[index].start != nil { await members[index].end(failing: error) }
            household.profiles = members.map(Self.standing)
            return await fail(household, error: error)
        }
        household.sweep = answers.stage
        household.sweepStatus = answers.status
        for index in members.indices {
            guard let start = members[index].start else { continue }
            do {
                members[index].result = try await members[index].pipeline.conclude(
                    &members[index].run, start: start, answers: answers.share(for: start.artists))
            } catch {
                await members[index].end(failing: error)
            }
        }
        return await conclude(household, members: members, store: store)
    }

    /// The skip reason when every profile that could open would skip; nil when one must sweep.
    private func everyProfileSkips(_ members: [Member]) async -> String? {
        var reasons: [String] = []
        for member in members {
            guard let opened = member.opened else { continue }
            // A mute history that cannot be read errs on the side of a sweep, which reports it.
            let reason = try? await member.pipeline.skipReason(opened.previous, store: opened.store, at: member.run.startedAt)
            guard let reason else { return nil }
            reasons.append(reason)
        }
        return reasons.first
    }

    /// Every profile's artists, each once (by `ArtistName.normalize`), the first spelling kept.
    static func union(_ lists: [[String]]) -> [String] {
        var seen: Set<String> = []
        return lists.joined().filter { seen.insert(ArtistName.normalize($0)).inserted }
    }

    private static func standing(_ member: Member) -> HealthReport.ProfileRun {
        let health = member.result?.health
        return HealthReport.ProfileRun(
            name: member.name, status: health?.status ?? .failed, exitCode: Int((member.result?.exitCode ?? .software).rawValue),
            message: member.result?.stderrLine ?? health?.message,
            entries: health.flatMap { $0.publish.status == .ok ? $0.diff.entries : nil },
            outputDirectory: member.pipeline.config.outputDirectory.path)
    }

    /// The household's report: every profile's run, the worst status and exit code of them.
    private func conclude(_ household: RunOutcomes, members: [Member], store: StateStore) async -> PipelineResult {
        var household = household
        let profiles = members.map(Self.standing)
        household.profiles = profiles
        let worst = profiles.max { Self.severity($0) < Self.severity($1) }
        let status = worst?.status ?? .failed
        let exitCode = worst.flatMap { ExitCode(rawValue: Int32($0.exitCode)) } ?? .software
        let summary = profiles.map { profile in
            "\(profile.name) \(profile.status.rawValue)" + (profile.entries.map { " (\($0) entries)" } ?? "")
                + (profile.status == .complete ? "" : profile.message.map { ": \($0)" } ?? "")
        }
        let message = "profiles: " + summary.joined(separator: "; ")
        let ending = RunEnding(status: status, message: message, finishedAt: now(), exitCode: exitCode, stageFailed: false)
        return await complete(household, ending: ending, store: store)
    }

    /// Failed (by its exit code) over partial over complete.
    private static func severity(_ profile: HealthReport.ProfileRun) -> Int {
        switch profile.status {
        case .failed: 2
        case .partial: 1
        case .complete, .skipped: 0
        }
    }
}

extension CatalogAnswers {
    /// The sweep's verdict over every source.
    var status: RunStatus {
        switch self {
        case .one(let outcome): outcome.sweep.status
        case .several(let items):
            items.contains { $0.outcome.sweep.status != .failed }
                ? (items.allSatisfy { $0.outcome.sweep.status == .complete } ? .complete : .partial) : .failed
        }
    }

    /// The household sweep's report: the one catalog's, or the home source's.
    var stage: HealthReport.SweepStage? {
        switch self {
        case .one(let outcome): HealthReport.SweepStage(outcome)
        case .several(let items): items.first.map { HealthReport.SweepStage($0.outcome) }
        }
    }

}
