import DeepCutCore
import DeepCutSQLite
import Foundation

/// What earlier runs saw, asked of each piece of news before it is told: a release seen before is
/// never told as new again, whatever happened in between (withdrawn and back, a catalog glitch
/// that emptied an artist, a mute or a dismissal undone, a library album removed).
///
/// It reads the catalog memory (`catalog_releases`, `catalog_artists`: every release and artist a
/// definite answer named, with when it was first seen, kept for good) and the feed's first
/// appearances (`feed_appearances`), which nothing prunes: what was seen is remembered for as long
/// as the state database lives, well past a year.
package struct NewsHistory {
    let database: Database

    /// Whether `item` is news for a run that started at `start`.
    ///
    /// - A release (`newRelease`, `outToday`) is old news when it was in the feed before, or when
    ///   the catalog named it before and it was never announced (in the upcoming list) before: an
    ///   announced release coming out is news, a release coming back is not.
    /// - An announcement is old news when the release was in either list or named by the catalog before.
    /// - An artist's first real answer is history, even after earlier empty (or failed) answers:
    ///   when none of the release's artists had a release seen before this run, only a release
    ///   dated after the artist's first answer (a debut that came after an empty answer) is news.
    package func isNews(_ item: Digest.Item, provider: String, runStartedAt start: Date) throws -> Bool {
        let before = start.timeIntervalSince1970
        let ids = [item.entry.id] + item.entry.alternates.map(\.id)
        return try database.withConnection { connection in
            var inFeed = false
            var announced = false
            var artists: Set<String> = []
            var namedBefore = false
            for id in ids {
                let appearances = try connection.query(
                    "SELECT list, first_at FROM feed_appearances WHERE provider = ? AND release_id = ?", [provider, id]
                ) { (try $0.get(0, as: String.self), try $0.get(1, as: Double.self)) }
                for (list, first) in appearances where first < before {
                    if list == "feed" { inFeed = true } else { announced = true }
                }
                let named = try connection.query(
                    "SELECT artist, first_seen_at FROM catalog_releases WHERE provider = ? AND release_id = ?", [provider, id]
                ) { (try $0.get(0, as: String.self), try $0.get(1, as: Double.self)) }
                for (artist, first) in named {
                    artists.insert(artist)
                    if first < before { namedBefore = true }
                }
            }
            switch item.event {
            case .announced:
                if inFeed || announced || namedBefore { return false }
            case .newRelease, .outToday:
                if inFeed || (namedBefore && !announced) { return false }
            }
            guard !artists.isEmpty, !announced else { return true }
            // The artist's first real answer: did any of its artists have a release seen before?
            var firstAnswer: Double?
            for artist in artists {
                let hadReleases = try !connection.query(
                    "SELECT 1 FROM catalog_releases WHERE provider = ? AND artist = ? AND first_seen_at < ? LIMIT 1",
                    [provider, artist, before]
                ) { _ in true }.isEmpty
                if hadReleases { return true }
                let checked = try connection.query(
                    "SELECT first_checked_at FROM catalog_artists WHERE provider = ? AND artist = ? AND first_checked_at < ?",
                    [provider, artist, before]
                ) { try $0.get(0, as: Double.self) }.first
                if let checked { firstAnswer = min(firstAnswer ?? checked, checked) }
            }
            guard let firstAnswer else { return false }
            return item.entry.releaseDate.epochDay > Date(timeIntervalSince1970: firstAnswer).epochDay
        }
    }
}
