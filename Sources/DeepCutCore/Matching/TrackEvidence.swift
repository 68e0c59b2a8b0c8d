/// One track of a track list: its title and, when known, its length in whole seconds.
package struct TrackListing: Sendable, Hashable, Codable {
    package var title: String
    package var seconds: Int?

    package init(title: String, seconds: Int?) {
        self.title = title
        self.seconds = seconds
    }
}

/// Decides the cases the title rules leave undecided — an owned title plus a qualifier nobody can
/// place, such as "Thriller 25" or "(Original Version)" — by comparing track lists.
///
/// The way beets' autotagger scores a match by track titles and lengths, and MusicBrainz finds a
/// disc by its track lengths: a remaster or a deluxe holds every owned track under the same title
/// at (nearly) the same length, plus extras; a re-recording, a live album or an other record of
/// the same name names or times its tracks differently. Precision comes first: too little data is
/// `insufficient`, and the release stays visible.
package enum TrackEvidence {
    package enum Verdict: String, Sendable, Equatable, Codable {
        case sameRelease, differentRelease, insufficient
    }

    /// A length differs by at most this many seconds, or `lengthTolerance` of the owned length:
    /// remasters move track boundaries by a second or two, re-recordings by more.
    static let lengthSlackSeconds = 2
    static let lengthTolerance = 0.015
    /// Share of owned tracks that must be found in the candidate.
    static let requiredShare = 0.9

    package static func verdict(owned: [TrackListing], candidate: [TrackListing]) -> Verdict {
        guard !owned.isEmpty, !candidate.isEmpty else { return .insufficient }
        // Each candidate track answers at most one owned track.
        var unused: [String: [Int?]] = [:]
        for track in candidate { unused[TitleFamily.of(track.title), default: []].append(track.seconds) }
        var found = 0
        var timed = 0
        for track in owned {
            // A track title's family: "Beat It (2008 Remaster)" is "beat it"; "Beat It (Live)" stays live.
            let key = TitleFamily.of(track.title)
            guard var lengths = unused[key], !lengths.isEmpty else { continue }
            if let owned = track.seconds, let position = lengths.firstIndex(where: { $0.map { close(owned, $0) } ?? false }) {
                lengths.remove(at: position)
                timed += 1
            } else if let position = lengths.firstIndex(where: { $0 == nil || track.seconds == nil }) {
                lengths.remove(at: position)
            } else {
                continue  // Same title, another length: another recording.
            }
            unused[key] = lengths
            found += 1
        }
        let share = Double(found) / Double(owned.count)
        guard share >= requiredShare else { return .differentRelease }
        // Titles alone can say "same songs" but not "same recordings": at least half the found
        // tracks must agree in length as well.
        return Double(timed) * 2 >= Double(found) ? .sameRelease : .insufficient
    }

    static func close(_ owned: Int, _ candidate: Int) -> Bool {
        abs(owned - candidate) <= max(lengthSlackSeconds, Int(Double(owned) * lengthTolerance))
    }
}

/// A catalog release the rules left undecided against the owned albums it may be an edition of
/// (two owned albums can share a family: "Four Women" and "Four Women (Box Set)").
package struct UndecidedPair: Sendable, Hashable {
    package var release: Release
    var ownedTrackLists: [[TrackListing]]

    package init(release: Release, ownedTrackLists: [[TrackListing]]) {
        self.release = release
        self.ownedTrackLists = ownedTrackLists
    }

    /// The verdict against the owned album it agrees with best: same if any is the same.
    package func verdict(candidate: [TrackListing]) -> TrackEvidence.Verdict {
        let verdicts = ownedTrackLists.map { TrackEvidence.verdict(owned: $0, candidate: candidate) }
        if verdicts.contains(.sameRelease) { return .sameRelease }
        return verdicts.contains(.insufficient) ? .insufficient : .differentRelease
    }
}

extension UndecidedPair {
    /// The releases whose title is an owned album's title plus an undecided qualifier, paired with
    /// that album's tracks. Only owned albums with track lists count: without them the rules decide.
    package static func find(in releases: [Release], owned: [LibraryAlbum]) -> [UndecidedPair] {
        var cache = MatchKeyCache()
        var tracksByKey: [MatchKey: [[TrackListing]]] = [:]
        for album in owned {
            guard let tracks = album.tracks, !tracks.isEmpty else { continue }
            let family = MatchKey.ownedFamily(TitleFamily.read(album.title))
            for credit in cache.credits(of: album.artist).all {
                tracksByKey[MatchKey(family: family, artist: credit), default: []].append(tracks)
            }
        }
        guard !tracksByKey.isEmpty else { return [] }
        var pairs: [UndecidedPair] = []
        var seen: Set<String> = []
        for release in releases {
            let reading = TitleFamily.read(release.title)
            guard let head = reading.undecidedHead ?? TitleFamily.trailingNumberHead(of: reading.family) else { continue }
            let family = TitleFamily.of(head)
            let credits = cache.credits(of: release.artist).all
            let lists = credits.sorted().flatMap { tracksByKey[MatchKey(family: family, artist: $0)] ?? [] }
            guard !lists.isEmpty, seen.insert(release.id).inserted else { continue }
            pairs.append(UndecidedPair(release: release, ownedTrackLists: lists))
        }
        return pairs
    }
}

/// A release's tracks as a catalog lists them.
package struct TrackList: Sendable, Hashable, Codable {
    package var tracks: [TrackListing]
    /// False when the catalog says the release has more tracks than it listed (some are not
    /// available in the storefront): missing tracks then prove nothing.
    package var isComplete: Bool

    package init(tracks: [TrackListing], isComplete: Bool) {
        self.tracks = tracks
        self.isComplete = isComplete
    }
}
