import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutHTTP
@testable import DeepCutSweep

@Suite struct SweepCatalogTests {
    // MARK: Outcomes

    @Test func oneTypedResultPerArtistInLibraryOrder() async throws {
        let client = FakeITunes.client()
        let sweep = SweepCatalog(provider: FakeITunes.provider(client), concurrency: 3)
        let outcome = try await sweep.run(artists: ["B", "Missing Person", "A", "Down Town", "Garbled One"])

        #expect(outcome.provider == "itunes")
        #expect(outcome.results.map(\.artist) == ["B", "Missing Person", "A", "Down Town", "Garbled One"])
        #expect(outcome.results.map(\.catalogID) == ["2", nil, "1", nil, "7"])
        #expect(outcome.results.map(\.requests) == [2, 1, 2, 1, 2])
        #expect(outcome.results.map(\.resolution) == [.exact, .notFound, .exact, nil, .exact])
        #expect(outcome.results[0].outcome.releases.map(\.title) == ["B Album"])
        #expect(outcome.results[1].outcome == .notFound)
        #expect(outcome.results[2].outcome.releases.map(\.id) == ["10"])
        guard case .failed(let down) = outcome.results[3].outcome, case .failed(let garbled) = outcome.results[4].outcome else {
            Issue.record("expected failures, got \(outcome.results.map(\.outcome))")
            return
        }
        #expect(down.kind == .http)
        #expect(down.httpStatus == 404)
        #expect(garbled.kind == .decoding)
        #expect(outcome.status == .partial)
        #expect(outcome.requests == client.requests.count)
    }

    @Test func emptyLibraryIsACompleteSweepOfNothing() async throws {
        let client = FakeITunes.client()
        let outcome = try await SweepCatalog(provider: FakeITunes.provider(client), concurrency: 4).run(artists: [])
        #expect(outcome.results.isEmpty)
        #expect(outcome.status == .complete)
        #expect(client.requests.isEmpty)
    }

    @Test func widthIsAtLeastOne() {
        #expect(SweepCatalog(provider: FakeITunes.provider(FakeITunes.client()), concurrency: 0).concurrency == 1)
    }

    // MARK: Sliding window

    @Test(.timeLimit(.minutes(1)))
    func aSlowArtistHoldsOneSlotWhileTheOthersFlowThroughTheRest() async throws {
        let slow = Gate()
        let last = Gate()
        let client = FakeITunes.client(gates: ["Slow": slow, "D": last])
        let sweep = SweepCatalog(provider: FakeITunes.provider(client), concurrency: 2)
        let running = Task { try await sweep.run(artists: ["Slow", "A", "B", "C", "D"]) }

        // "A", "B" and "C" are searched through the second slot while "Slow" is still held, so "D"
        // starts: lockstep chunks of two would stall at "B" until "Slow" finished.
        await client.waitUntil { FakeITunes.searched("Slow")($0) && FakeITunes.searched("D")($0) }
        #expect(["A", "B", "C"].allSatisfy { FakeITunes.searched($0)(client.requests) })
        #expect(client.maxInFlight == 2)

        slow.open()
        last.open()
        let outcome = try await running.value
        #expect(outcome.results.map(\.artist) == ["Slow", "A", "B", "C", "D"])
        #expect(outcome.results.allSatisfy { $0.outcome.releases.count == 1 })
        #expect(outcome.status == .complete)
        #expect(client.maxInFlight == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func windowFillsToItsWidth() async throws {
        let gates = ["A": Gate(), "B": Gate(), "C": Gate()]
        let client = FakeITunes.client(gates: gates)
        let sweep = SweepCatalog(provider: FakeITunes.provider(client), concurrency: 3)
        let running = Task { try await sweep.run(artists: ["A", "B", "C", "D"]) }

        await client.waitUntil { requests in ["A", "B", "C"].allSatisfy { FakeITunes.searched($0)(requests) } }
        #expect(client.maxInFlight == 3)
        #expect(!FakeITunes.searched("D")(client.requests))

        gates.values.forEach { $0.open() }
        let outcome = try await running.value
        #expect(outcome.status == .complete)
        #expect(client.maxInFlight == 3)
    }

    // MARK: Cancellation

    @Test(.timeLimit(.minutes(1)))
    func cancellationFailsInFlightArtistsAndSkipsTheRest() async throws {
        let client = FakeITunes.client(gates: ["Slow": Gate(), "A": Gate()])
        let sweep = SweepCatalog(provider: FakeITunes.provider(client), concurrency: 2)
        let running = Task { try await sweep.run(artists: ["Slow", "A", "B", "C"]) }

        await client.waitUntil { FakeITunes.searched("Slow")($0) && FakeITunes.searched("A")($0) }
        running.cancel()
        let outcome = try await running.value

        #expect(outcome.results.map(\.artist) == ["Slow", "A", "B", "C"])
        for inFlight in outcome.results.prefix(2) {
            guard case .failed(let failure) = inFlight.outcome else {
                Issue.record("\(inFlight.artist) was in flight but ended \(inFlight.outcome)")
                continue
            }
            #expect(failure.kind == .cancelled)
            #expect(inFlight.requests == 1)
        }
        #expect(outcome.results.suffix(2).map(\.outcome) == [.skipped(.cancelled), .skipped(.cancelled)])
        #expect(outcome.results.suffix(2).map(\.requests) == [0, 0])
        #expect(client.requests.count == 2)
        #expect(outcome.status == .failed)
    }

    // MARK: Against a refused catalog

    @Test func inProcessTheBreakerBoundsTheAttemptsAgainstARefusedCatalog() async throws {
        let url = URL(string: "http://127.0.0.1:\(LoopbackServerProcess.closedPort())")!
        var sweep = LiveSweep(url)
        sweep.concurrency = 3
        let artists = (1...30).map { "Artist \($0)" }
        let outcome = try await sweep.run(artists)
        #expect(outcome.status == .failed)
        #expect(outcome.requests <= CircuitBreaker.defaultThreshold + sweep.concurrency, "\(outcome.requests) attempts")
        #expect(outcome.results.filter { $0.outcome == .skipped(.catalogUnreachable) }.count >= 30 - CircuitBreaker.defaultThreshold - 3)
        #expect(outcome.results.allSatisfy { !$0.outcome.isDefinite })
    }
}
