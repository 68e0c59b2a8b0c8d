import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutSQLite
@testable import DeepCutState

@Suite struct RunHistoryRepositoryTests {
    private static func run(
        _ id: String, startedAt: Double, status: RunStatus = .complete,
        exitCode: ExitCode = .success
    ) -> RunHistoryEntry {
        RunHistoryEntry(
            runID: id, startedAt: Date(timeIntervalSince1970: startedAt),
            finishedAt: Date(timeIntervalSince1970: startedAt + 41.5), status: status, exitCode: exitCode,
            durationSeconds: 41.25, artistsTotal: 200, artistsFailed: status == .partial ? 2 : 0,
            entries: 37, requests: 412)
    }

    @Test func emptyHistoryHasNoLastRun() async throws {
        try await withStore { store throws in
            #expect(try store.runs.last() == nil)
            #expect(try store.runs.recent(limit: 5).isEmpty)
        }
    }

    @Test func recentIsNewestFirstAndLimited() async throws {
        try await withStore { store throws in
            let first = Self.run("20261127T120000Z", startedAt: 1_795_780_800)
            let second = Self.run("20261128T120000Z", startedAt: 1_795_867_200, status: .partial, exitCode: .partial)
            let third = Self.run("20261129T120000Z", startedAt: 1_795_953_600, status: .failed, exitCode: .tempFail)
            for run in [second, third, first] {
                try store.runs.record(run)
            }

            #expect(try store.runs.recent(limit: 2) == [third, second])
            #expect(try store.runs.recent(limit: 10) == [third, second, first])
            // The last run is the one recorded last, whatever its clock said (a clock that ran ahead
            // must not keep an old run "last").
            #expect(try store.runs.last() == first)
        }
    }

    @Test func recordingARunAgainReplacesIt() async throws {
        try await withStore { store throws in
            var run = Self.run("20261129T120000Z", startedAt: 1_795_953_600)
            try store.runs.record(run)
            run.entries = 0
            run.status = .failed
            run.exitCode = .tempFail
            try store.runs.record(run)
            #expect(try store.runs.recent(limit: 10) == [run])
        }
    }

    @Test func unknownStoredStatusIsAnErrorNotADefault() async throws {
        try await withStore { store throws in
            try store.runs.record(Self.run("20261129T120000Z", startedAt: 1_795_953_600))
            try store.database.withConnection { try $0.execute("UPDATE runs SET status = 'exploded'") }
            let error = #expect(throws: DatabaseError.self) { try store.runs.last() }
            #expect(error?.message.contains("column status: cannot read \"exploded\" as RunStatus") == true)
        }
    }

}
