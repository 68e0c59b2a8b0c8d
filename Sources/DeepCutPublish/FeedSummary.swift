/// The one-line description of a snapshot that heads every rendering. A partial snapshot says
/// so, because "no new releases" must never be read as "all caught up" when artists did not answer.
enum FeedSummary {
    static func line(_ snapshot: Snapshot) -> String {
        let releases = snapshot.entries.count == 1 ? "1 new release" : "\(snapshot.entries.count) new releases"
        var line = "\(releases) by artists in your library (\(snapshot.provider), \(Timestamp.string(snapshot.generatedAt)))."
        if !snapshot.complete {
            let missing = snapshot.incompleteArtists.count
            line += " Partial: \(missing) \(missing == 1 ? "artist" : "artists") did not answer, so releases may be missing."
        }
        return line
    }
}
