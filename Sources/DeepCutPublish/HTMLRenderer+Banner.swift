import Foundation

extension HTMLRenderer {
    /// How many incomplete artists the partial banner names before "and N more".
    static let bannerNameLimit = 20

    /// Says the feed is partial, who could not be checked, and when the feed was last whole, so
    /// "few new releases" is never mistaken for "all caught up".
    static func banner(_ snapshot: Snapshot, baseline: Baseline?, now: Date) -> String {
        let missing = snapshot.incompleteArtists
        var names = missing.prefix(bannerNameLimit).map { text($0) }.joined(separator: ", ")
        if missing.count > bannerNameLimit { names += " and \(missing.count - bannerNameLimit) more" }
        let lastComplete = baseline.map {
            "Last complete sweep: <time datetime=\"\(Timestamp.string($0.generatedAt))\">\(Timestamp.display($0.generatedAt))</time> "
                + "(\(ElapsedTime.text($0.ageSeconds(at: now))) ago)."
        } ?? "No sweep has been complete yet."
        return """
        <div class="banner" role="status">
        <p><strong>Partial feed: \(StageSummary.count(missing.count, "artist")) could not be checked.</strong> Their new releases may be missing here; the next run tries them again.</p>
        <p class="names">\(names)</p>
        <p>\(lastComplete)</p>
        </div>

        """
    }
}
