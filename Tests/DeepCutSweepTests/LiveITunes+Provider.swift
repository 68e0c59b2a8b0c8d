import DeepCutTestKit

@testable import DeepCutCatalog

extension LiveITunes {
    /// The iTunes provider over `requester(concurrency:)`; here, not in the kit, because
    /// `ITunesProvider` is internal to DeepCutCatalog.
    func provider(concurrency: Int = 4) -> ITunesProvider {
        ITunesProvider(
            baseURL: baseURL, country: "us", requester: requester(concurrency: concurrency),
            batchSize: batchSize ?? ITunesProvider.defaultBatchSize)
    }
}
