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

/// A catalog release the rules did not hide, against the owned albums whose tracks may show it to
/// be one of theirs (two owned albums can share a family: "Four Women" and "Four Women (Box Set)").
package struct UndecidedPair: Sendable, Hashable {
    package var release: Release
    var ownedTrackLists: [[TrackListing]]
    /// The release is a single or EP of an owned album's name: it is the album's when each of its
    /// tracks is on the album at the same length (the comparison runs the other way).
    var isShortForm = false

    package init(release: Release, ownedTrackLists: [[TrackListing]], isShortForm: Bool = false) {
        self.release = release
        self.ownedTrackLists = ownedTrackLists
        self.isShortForm = isShortForm
    }

    /// The verdict against the owned album it agrees with best: same if any is the same.
    package func verdict(candidate: [TrackListing]) -> TrackEvidence.Verdict {
        let verdicts = ownedTrackLists.map {
            isShortForm ? TrackEvidence.verdict(owned: candidate, candidate: $0) : TrackEvidence.verdict(owned: $0, candidate: candidate)
        }
        if verdicts.contains(.sameRelease) { return .sameRelease }
        return verdicts.contains(.insufficient) ? .insufficient : .differentRelease
    }
}

extension UndecidedPair {
    /// The releases track lists may settle, paired with the tracks of the owned albums they may
    /// be editions of. Only owned albums with track lists count: without them the rules decide.
    /// A release is a candidate when its credit shares an artist with the owned album's and
    /// - its title is the owned title plus a qualifier the rules left undecided ("Thriller 25",
    ///   "(Original Version)");
    /// - or its title begins with the owned title at a word boundary, after any separator, and the
    ///   rest names no different audio ("SOS Deluxe: LANA", "emails i can't send fwd:", "DAMN.
    ///   COLLECTORS EDITION.", "OK Computer OKNOTOK 1997 2017"; not "Fragments Live");
    /// - or its title is the owned title and the rules did not hide it: a classical recording
    ///   with a partly shared credit, or a single or EP of the album's name without dates.
    package static func find(in releases: [Release], owned: [LibraryAlbum]) -> [UndecidedPair] {
        var cache = MatchKeyCache()
        var tracksByWords: [String: [(credits: Set<String>, tracks: [TrackListing])]] = [:]
        for album in owned {
            guard let tracks = album.tracks, !tracks.isEmpty else { continue }
            let reading = TitleFamily.read(album.title)
            guard !reading.isShortForm else { continue }
            let words = TitleWords.of(reading.family)
            guard !words.isEmpty else { continue }
            tracksByWords[words.joined(separator: " "), default: []].append((cache.credits(of: album.artist).all, tracks))
        }
        guard !tracksByWords.isEmpty else { return [] }
        // Releases the rules already hide need no evidence.
        let ownedKeys = MatchKeyIndex(Set(owned.map(\.key)), years: LibraryAlbum.years(of: owned), cache: &cache)
        var pairs: [UndecidedPair] = []
        var seen: Set<String> = []
        for release in releases {
            let reading = TitleFamily.read(release.title)
            let releaseCredits = cache.credits(of: release.artist)
            let credits = releaseCredits.all
            guard
                !ownedKeys.contains(
                    reading, type: release.type, credits: releaseCredits, isClassical: ClassicalForm.isClassical(genre: release.genre),
                    year: release.releaseDate?.year)
            else { continue }
            let isShortForm = reading.isShortForm || release.type == .single || release.type == .ep
            var heads: [String] = []
            if let head = reading.undecidedHead ?? TitleFamily.trailingNumberHead(of: reading.family) {
                heads.append(TitleWords.of(TitleFamily.of(head)).joined(separator: " "))
            }
            let words = TitleWords.of(reading.family)
            heads.append(words.joined(separator: " "))
            if !isShortForm {
                for length in stride(from: words.count - 1, through: 1, by: -1) {
                    let rest = words[length...].joined(separator: " ")
                    guard EditionQualifier.verdict(rest) != .differentRelease else { continue }
                    heads.append(words[..<length].joined(separator: " "))
                }
            }
            var lists: [[TrackListing]] = []
            for head in heads {
                for owned in tracksByWords[head] ?? [] where !owned.credits.isDisjoint(with: credits) && !lists.contains(owned.tracks) {
                    lists.append(owned.tracks)
                }
            }
            guard !lists.isEmpty, seen.insert(release.id).inserted else { continue }
            pairs.append(UndecidedPair(release: release, ownedTrackLists: lists, isShortForm: isShortForm))
        }
        return pairs
    }
}

/// A title as words for comparing beginnings: folded, punctuation read as word breaks, inner
/// apostrophes dropped ("emails i can't send fwd:" begins with "emails i can't send";
/// "DAMN. COLLECTORS EDITION." with "DAMN.").
enum TitleWords {
    static func of(_ family: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in family {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if character == "'" {
                continue
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
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
