import DeepCutCore
import DeepCutState
import Foundation

extension CatalogSweep {
    /// Applies the suddenly-empty rule (`SuddenlyEmptyRule`) to a sweep's answers: suspicious empty
    /// answers are asked once more and believed only when an earlier run saw them empty too; the
    /// suspect marks are updated, unless the catalog looks faulty, when nothing is. Cached ids the
    /// catalog no longer lists are searched afresh in the same pass.
    /// - Returns: the answers to believe (unbelieved ones as `suddenlyEmpty` failures) with the
    ///   resolutions of the believed ones, to cache; and why the catalog looks faulty, if it does.
    /// - Parameter remembered: the catalog memory's last answers, by library name.
    func believe(
        _ first: SweepCatalog.Swept, sweeper: SweepCatalog, ownedKeys: Set<AlbumKey>,
        remembered: [String: CatalogMemory.Remembered], at date: Date
    ) async throws -> (SweepCatalog.Swept, fault: CatalogFault?) {
        let providerName = first.outcome.provider
        let rule = SuddenlyEmptyRule(maxVanishedPercent: source.catalog.maxVanishedPercent)
        var results = first.outcome.results
        let suspicious = rule.suspicious(results, remembered: remembered)
        let known = results.filter { result in
            guard result.isAnsweredInThisRun, case .fetched? = remembered[result.artist]?.result.outcome else { return false }
            return true
        }.count
        let index = Dictionary(results.indices.map { (results[$0].artist, $0) }, uniquingKeysWith: { first, _ in first })
        if let message = rule.catalogFault(vanished: suspicious.count, known: known) {
            for artist in suspicious {
                guard let at = index[artist] else { continue }
                results[at].outcome = SuddenlyEmptyRule.unconfirmed(
                    artist, remembered: remembered[artist], attempts: results[at].requests,
                    reason: "not believed: too many known artists vanished at once")
            }
            let fault = CatalogFault(message: message, vanished: suspicious.count, known: known)
            return (SweepCatalog.Swept(outcome: SweepOutcome(provider: providerName, results: results), learned: []), fault)
        }
        // A cached id the catalog no longer lists (iTunes drops an id that changed; Apple Music answers
        // 404) is searched afresh once, unless so many fail that way that the catalog is at fault.
        // Searched in this run; an id taken from another storefront was not (`StorefrontSharing`).
        let searched = Set(first.learned.filter { $0.method != .storefront }.map(\.artistKey))
        let lostIDs = results.filter { result in
            guard result.source == .catalog, case .failed(let failure) = result.outcome,
                failure.kind == .decoding || failure.saysArtistVanished,
                let method = result.resolution, method != .override, method != .library
            else { return false }
            return !searched.contains(ArtistName.normalize(result.artist))
        }.map(\.artist)
        // So many at once may be the catalog's fault: they are not searched now, but their ids are
        // forgotten, so the next run searches them as it would a new artist — where an empty search
        // meets the suddenly-empty rule — and a few ids re-filed together never fail for good.
        // An id another storefront found is no cached belief: one this storefront does not list says
        // only that the artist is not here under it, and is always searched here (`StorefrontSharing`).
        let borrowed = Set(results.filter { $0.resolution == .storefront }.map(\.artist))
        let cachedLost = lostIDs.filter { !borrowed.contains($0) }
        let lostTooMany = rule.catalogFault(vanished: cachedLost.count, known: results.count) != nil
        let reresolved = (lostTooMany ? [] : cachedLost) + lostIDs.filter(borrowed.contains)
        if lostTooMany {
            let forgotten = cachedLost.map(ArtistName.normalize)
            try await store.perform { try $0.artistResolutions.forget(forgotten, provider: providerName) }
        }
        // A library id the catalog does not know (a 404: merged or deleted since the library was
        // tagged) is stale: that artist is searched by name in the same run, as if it had no id.
        let staleLibraryIDs = results.filter { result in
            guard result.source == .catalog, result.resolution == .library, case .failed(let failure) = result.outcome else { return false }
            return failure.saysArtistVanished
        }.map(\.artist)
        var searching = sweeper
        for artist in staleLibraryIDs { searching.libraryIDs[ArtistName.normalize(artist)] = nil }
        let again = suspicious + reresolved + staleLibraryIDs
        let reasked = again.isEmpty ? nil : try await searching.sweep(artists: again, ownedKeys: ownedKeys, bypassingCache: true)
        let suspects = try await store.perform { try $0.memory.suspects(provider: providerName) }
        var marked: [String] = []
        var replaced: Set<String> = []
        for again in reasked?.outcome.results ?? [] {
            guard let at = index[again.artist] else { continue }
            var answer = again
            answer.requests += results[at].requests
            let stillEmpty = rule.suspicious([again], remembered: remembered).contains(again.artist)
            if stillEmpty, !suspects.contains(ArtistName.normalize(again.artist)) {
                answer.outcome = SuddenlyEmptyRule.unconfirmed(
                    again.artist, remembered: remembered[again.artist], attempts: answer.requests,
                    reason: "asked twice; kept until a later run confirms it")
                marked.append(again.artist)
            }
            results[at] = answer
            replaced.insert(ArtistName.normalize(again.artist))
        }
        let (markedNow, cleared) = (marked, results.filter(\.isAnsweredInThisRun).map(\.artist))
        try await store.perform { try $0.memory.updateSuspects(provider: providerName, marked: markedNow, cleared: cleared, at: date) }
        // Resolutions are cached as before (a search answered, whatever the releases did), except
        // those of unbelieved empty answers: a "no such artist" waiting for confirmation.
        // A re-asked artist's resolution is cached only with an answer to believe.
        // In a run where a known artist suddenly came back empty or lost its id, an empty search is as
        // likely the same fault: a "no such artist" from it is believed for this run but not cached, so
        // the artist is searched again next run instead of being taken as missing for a week.
        let believed = Set(results.filter(\.isAnsweredInThisRun).map { ArtistName.normalize($0.artist) })
        let learned =
            (first.learned.filter { !replaced.contains($0.artistKey) }
            + (reasked?.learned ?? []).filter { believed.contains($0.artistKey) })
            .filter { (suspicious.isEmpty && cachedLost.isEmpty) || $0.method != .notFound }
            // Another storefront's id is this one's only once this storefront's own listing answered.
            .filter { $0.method != .storefront || believed.contains($0.artistKey) }
        // A vanished id leaves the cache even when the search found nothing to replace it with.
        let replacedIDs = Set(learned.filter { $0.artist != nil }.map(\.artistKey))
        let forgotten = reresolved.map(ArtistName.normalize).filter { !replacedIDs.contains($0) }
        try await store.perform { try $0.artistResolutions.forget(forgotten, provider: providerName) }
        return (SweepCatalog.Swept(outcome: SweepOutcome(provider: providerName, results: results), learned: learned), nil)
    }
}
