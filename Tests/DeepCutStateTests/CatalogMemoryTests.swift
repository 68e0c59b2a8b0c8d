import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutState

@Suite struct CatalogMemoryTests {
    let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    func release(_ id: String) -> Release {
        Release(id: id, title: "Title \(id)", artist: "Bonobo", type: .album, releaseDate: ReleaseDate(iso: "2019-01-01"))
    }

    func fetched(_ ids: [String], artist: String = "Bonobo") -> ArtistResult {
        ArtistResult(artist: artist, catalogID: "1", outcome: .fetched(ids.map(release)))
    }

    // MARK: Discovery

    @Test func firstAnswerIsHistoryLaterAdditionsAreDiscovered() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let memory = store.memory
                #expect(try memory.isEmpty(provider: "itunes"))
                let first = try memory.remember([fetched(["a", "b"])], provider: "itunes", at: t0)
                #expect(first.discovered.isEmpty)
                #expect(try !memory.isEmpty(provider: "itunes"))
                let later = t0.addingTimeInterval(86_400)
                let second = try memory.remember([fetched(["a", "b", "c"])], provider: "itunes", at: later)
                #expect(second.discovered == ["c": later])
                // Still discovered (first seen after the first check) on the next run, with its original date.
                let third = try memory.remember([fetched(["a", "b", "c"])], provider: "itunes", at: later.addingTimeInterval(86_400))
                #expect(third.discovered == ["c": later])
                // A newly added artist's back catalog is history too.
                let newcomer = try memory.remember([fetched(["x"], artist: "Khruangbin")], provider: "itunes", at: later)
                #expect(newcomer.discovered.isEmpty)
            }
        }
    }

    /// Runs under a clock 30 days ahead, then the clock is corrected: the stamps from the future come
    /// back to just before the corrected run, keeping which releases came after the first check.
    @Test func aClockThatWentBackKeepsDiscoveryAndWithdrawalsWorking() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let memory = store.memory
                let ahead = t0.addingTimeInterval(30 * 86_400)
                try memory.remember([fetched(["a", "b"])], provider: "itunes", at: ahead)
                #expect(
                    try memory.remember([fetched(["a", "b", "c"])], provider: "itunes", at: ahead.addingTimeInterval(3_600)).discovered.keys
                        .sorted() == ["c"])

                let corrected = t0.addingTimeInterval(86_400)
                let update = try memory.remember([fetched(["a", "b", "c", "d"])], provider: "itunes", at: corrected)
                #expect(update.discovered == ["c": corrected.addingTimeInterval(-1), "d": corrected])
                let remembered = try #require(try memory.lastAnswers(provider: "itunes", artists: ["Bonobo"])["Bonobo"])
                #expect(remembered.checkedAt == corrected)
                // "b" was last seen "in the future": once the catalog drops it, it is withdrawn all the same.
                #expect(
                    try memory.remember([fetched(["a", "c", "d"])], provider: "itunes", at: corrected.addingTimeInterval(60)).withdrawn.map(
                        \.id) == ["b"])
            }
        }
    }

    // MARK: Withdrawals

    @Test func vanishedReleaseIsWithdrawnButAFailedArtistRemovesNothing() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let memory = store.memory
                try memory.remember([fetched(["a", "b"])], provider: "itunes", at: t0)
                let failed = ArtistResult(artist: "Bonobo", outcome: .failed(FetchFailure(kind: .timeout, attempts: 3, message: "slow")))
                let outage = try memory.remember([failed], provider: "itunes", at: t0.addingTimeInterval(60))
                #expect(outage.withdrawn.isEmpty)
                let answer = try memory.remember([fetched(["a"])], provider: "itunes", at: t0.addingTimeInterval(120))
                #expect(answer.withdrawn.map(\.id) == ["b"])
                // Reported once, not on every run.
                #expect(try memory.remember([fetched(["a"])], provider: "itunes", at: t0.addingTimeInterval(180)).withdrawn.isEmpty)
            }
        }
    }

    // MARK: Repair reuse

    @Test func freshDefiniteAnswersAreReusable() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let memory = store.memory
                try memory.remember([fetched(["a", "b"]), ArtistResult(artist: "Nobody", outcome: .notFound)], provider: "itunes", at: t0)
                let reusable = try memory.results(
                    provider: "itunes", artists: ["Bonobo", "Nobody", "Other"], checkedSince: t0.addingTimeInterval(-60))
                #expect(reusable["Bonobo"]?.outcome.releases.map(\.id) == ["a", "b"])
                #expect(reusable["Nobody"]?.outcome == .notFound)
                #expect(reusable["Other"] == nil)
                #expect(try memory.results(provider: "itunes", artists: ["Bonobo"], checkedSince: t0.addingTimeInterval(60)).isEmpty)
            }
        }
    }
}
