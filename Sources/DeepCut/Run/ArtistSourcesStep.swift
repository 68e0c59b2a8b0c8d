import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutLibrary
import DeepCutState
import Foundation

/// The artist sources' part of a run: read each source, record what answered, keep what failed,
/// and hand the sweep the accepted artists beside the library's.
///
/// A failing source is reported (health, `deepcut health` WARNING, a log line) and its last good
/// import stays in the state: its pending artists keep waiting, its accepted ones are swept.
struct ArtistSourcesStep {
    let config: Config
    let client: any HTTPClient
    let environment: [String: String]
    let log: EventLog
    let now: @Sendable () -> Date

    struct Result {
        /// Accepted artists not in the library, to sweep.
        var accepted: [String]
        /// One report per configured source; nil when none is configured.
        var reports: [ArtistSourceReport]?
    }

    func run(libraryArtists: [String], store: StateStore) async throws -> Result {
        let sources = config.artistSources
        let libraryKeys = Set(libraryArtists.map(ArtistName.normalize))
        var reports: [ArtistSourceReport] = []
        if !sources.isEmpty {
            let outcomes = await LoadArtistSources(
                client: client, environment: environment, timeoutSeconds: config.catalog.timeoutSeconds
            ).run(sources)
            let (threshold, date) = (config.autoAcceptPlays, now())
            for (source, outcome) in zip(sources, outcomes) {
                let name = source.name
                switch outcome {
                case .imported(let artists):
                    let changed = try await store.perform {
                        try $0.listened.recordImport(
                            source: name, artists: artists, libraryKeys: libraryKeys, autoAcceptPlays: threshold, at: date)
                    }
                    let pending = changed.filter { $0.status == .pending }.count
                    log.info(
                        "artists.imported",
                        ["source": name, "artists": artists.count, "pending": pending, "accepted": changed.count - pending])
                    reports.append(ArtistSourceReport(source: name, status: "ok", artists: artists.count, importedAt: date))
                case .failed(let failure):
                    let kept = try await store.perform { try $0.listened.lastImport(source: name) }
                    log.warning("artists.source_failed", ["source": name, "kind": failure.kind.rawValue, "message": failure.message])
                    reports.append(
                        ArtistSourceReport(
                            source: name, status: "failed", artists: kept?.artists ?? 0, importedAt: kept?.at, failure: failure))
                }
            }
        }
        let grouped = Set(libraryArtists.map(ArtistName.groupingKey))
        let accepted = try await store.perform { try $0.listened.acceptedNames() }
        return Result(accepted: accepted.filter { !grouped.contains(ArtistName.groupingKey($0)) }, reports: sources.isEmpty ? nil : reports)
    }
}
