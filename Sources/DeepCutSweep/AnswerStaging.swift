import DeepCutCore
import DeepCutState

/// Stages each artist's answer in the state as it arrives (`CatalogMemory.stage`), a few artists
/// at a time, while the sweep waits on its rate budget; `finish` says what was staged, for
/// `CatalogMemory.remember` to commit without writing it again.
///
/// Nothing staged is memory until the run believes it: a faulty run discards the stage.
final class AnswerStaging: Sendable {
    /// Artists staged in one write: small enough to keep up with the sweep, large enough that a
    /// write is not one transaction per artist.
    static let batchSize = 16

    private let answers: AsyncStream<ArtistResult>.Continuation
    private let writer: Task<StagedAnswers, any Error>

    init(store: StateStore, provider: String) {
        let (stream, answers) = AsyncStream.makeStream(of: ArtistResult.self)
        self.answers = answers
        writer = Task {
            var staged = StagedAnswers()
            var batch: [(artist: String, releases: [Release])] = []
            let write = { (batch: [(artist: String, releases: [Release])]) in
                let written = try await store.perform { try $0.memory.stage(batch, provider: provider) }
                staged.releases.merge(written.releases) { _, latest in latest }
            }
            for await result in stream {
                guard result.source == .catalog, case .fetched(let releases) = result.outcome else { continue }
                batch.append((result.artist, releases))
                if batch.count >= Self.batchSize {
                    try await write(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { try await write(batch) }
            return staged
        }
    }

    deinit {
        answers.finish()
    }

    /// Stages one artist's answer; called from the sweep's concurrent tasks.
    func add(_ result: ArtistResult) {
        answers.yield(result)
    }

    /// Waits for the last writes. - Throws: `DatabaseError`.
    func finish() async throws -> StagedAnswers {
        answers.finish()
        return try await writer.value
    }
}
