import DeepCutTestKit
import Foundation
import Synchronization
import Testing

@testable import DeepCutCore

/// The fuzz pass: seeded mutations of real samples fed to every decoder. Thrown errors are fine;
/// a crash kills the test process, so each input is saved to `.build/fuzz/last-input-<decoder>.bin`
/// BEFORE it is fed and removed only when the decoder's run ends cleanly: a file left behind is the
/// input that crashed or hung it (`scripts/fuzz` reports it). A decoder that stops making progress
/// for `hangSeconds` fails the test with its input saved.
///
/// `DEEPCUT_FUZZ_ITERATIONS` (default 1,000 per decoder: a few seconds in CI), `DEEPCUT_FUZZ_SEED` (default fixed, so CI
/// replays), `DEEPCUT_FUZZ_REPLAY=<saved file>` feeds one saved input to its decoder.
@Suite struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = Int(environment["DEEPCUT_FUZZ_ITERATIONS"] ?? "") ?? 1_000
    static let seed = UInt64(environment["DEEPCUT_FUZZ_SEED"] ?? "") ?? 0x5EED_DC07
    static let hangSeconds = 30.0
    static let folder = SharedSamples.packageRoot.appendingPathComponent(".build/fuzz")

    static func savedInput(_ target: FuzzTarget) -> URL {
        folder.appendingPathComponent("last-input-\(target.name).bin")
    }

    @Test(.enabled(if: environment["DEEPCUT_FUZZ_REPLAY"] == nil), arguments: FuzzTarget.all)
    func fuzz(_ target: FuzzTarget) async throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        let seeds = try target.seeds()
        try #require(!seeds.isEmpty)
        let count = max(1, Int((Double(Self.iterations) * target.share).rounded()))
        let input = Self.savedInput(target)
        let progress = Mutex((done: 0, failure: String?.none))
        // Its own thread, so a hang can be noticed (and reported) instead of stalling the suite.
        Thread.detachNewThread {
            var mutator = FuzzMutator(seed: Self.seed ^ Self.stableHash(target.name), corpus: seeds)
            var seedIndex = 0
            for _ in 0..<count {
                let bytes = mutator.mutate(seeds[seedIndex % seeds.count])
                seedIndex += 1
                do {
                    try bytes.write(to: input)
                } catch {
                    progress.withLock { $0.failure = "cannot save the input: \(error)" }
                    return
                }
                _ = try? target.feed(bytes, input)  // a thrown error is a decoder refusing bad input: fine
                progress.withLock { $0.done += 1 }
            }
        }
        var lastDone = -1
        var lastProgress = ContinuousClock.now
        while true {
            let (done, failure) = progress.withLock { ($0.done, $0.failure) }
            if let failure {
                Issue.record("\(target): \(failure)")
                return
            }
            if done == count { break }
            if done != lastDone {
                (lastDone, lastProgress) = (done, .now)
            } else if ContinuousClock.now - lastProgress > .seconds(Self.hangSeconds) {
                Issue.record("\(target) hung on input \(done + 1) of \(count), saved at \(input.path)")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        // SQLite may leave a journal beside a mutated database it was asked to read.
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: input.path + suffix)
        }
    }

    @Test(.enabled(if: environment["DEEPCUT_FUZZ_REPLAY"] != nil, "set DEEPCUT_FUZZ_REPLAY to a saved input"))
    func replay() throws {
        let file = URL(fileURLWithPath: try #require(Self.environment["DEEPCUT_FUZZ_REPLAY"]))
        let name = file.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "last-input-", with: "")
            .replacingOccurrences(of: #"^crash-|-\d+$"#, with: "", options: .regularExpression)
        let target = try #require(FuzzTarget.all.first { $0.name == name }, "no decoder named \(name)")
        let bytes = try Data(contentsOf: file)
        do {
            try target.feed(bytes, file)
        } catch {
            print("\(target) threw (fine): \(error)")
        }
    }

    /// FNV-1a: a seed per decoder that does not change between runs (`hashValue` does).
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
