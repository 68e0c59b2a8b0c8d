/// The merge of several sources' feed entries into one entry per release (issue 32).
///
/// Evidence, strongest first: the same Apple album id (iTunes and Apple Music are one catalog in
/// every storefront); a link one catalog gives to the other's id (MusicBrainz url-relationships);
/// equal barcodes; then the match key with track evidence — equal `MatchKey`, the same type, dates
/// a few days apart at most, track counts that do not conflict.
///
/// Precision first, as in owned matching: two entries never merge when any pair across them is
/// known to differ — different barcodes, an edition qualifier on one side only (a deluxe or a
/// remaster is another release of the group, MusicBrainz style), or two entries of one source
/// (its own diff already told them apart). Pairs are joined strongest evidence first, so weak
/// evidence never pulls in what strong evidence kept out; without evidence, entries stay apart.
/// Pure: the caller passes the entry ids it remembered and stores the ones handed back.
package enum ReleaseMerge {
    /// What one pair of candidates has in common, strongest first.
    package enum Evidence: Int, Sendable, Comparable, CaseIterable {
        case sameAppleID
        case link
        case barcode
        case matchKey

        package static func < (lhs: Evidence, rhs: Evidence) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Entries merged from the candidates, and the listing → entry id pairs to remember.
    package struct Merged: Sendable {
        /// One entry per release that no source left out as owned or dismissed, in no set order.
        package var entries: [FeedEntry] = []
        /// The ids of releases a source kept but another left out as owned or dismissed, with why.
        package var dropped: [String: DropReason] = [:]
        /// Every kept listing's entry id: stored so the entry keeps its id as sources come and go.
        package var entryIDs: [ListingKey: String] = [:]
    }

    /// How many days apart two day-precise dates of one release may be: storefronts date a release
    /// at local midnight, and a store may list it a few days before or after another.
    static let dateToleranceDays = 3

    /// Merges `candidates` (every source's entries, and the releases a source left out as owned or
    /// dismissed) into one entry per release.
    /// - Parameter remembered: entry ids earlier runs gave each listing (`EntryIDs`).
    package static func merge(_ candidates: [MergeCandidate], remembered: [ListingKey: String] = [:]) -> Merged {
        let groups = group(candidates)
        var merged = Merged()
        for members in groups {
            let ordered = members.map { candidates[$0] }.sorted { ($0.order, $0.entry.id) < ($1.order, $1.entry.id) }
            let kept = ordered.filter { $0.droppedAs == nil }
            guard let primary = kept.first else { continue }
            if let reason = ordered.first(where: { $0.droppedAs != nil })?.droppedAs {
                for candidate in kept { merged.dropped[candidate.entry.id] = reason }
                continue
            }
            let id = kept.lazy.compactMap { remembered[$0.listingKey] }.first ?? primary.entry.id
            var entry = primary.entry
            entry.id = id
            entry.availability = kept.map {
                SourceListing(source: $0.source, id: $0.entry.id, url: $0.entry.url, releaseDate: $0.entry.releaseDate)
            }
            // Stale only when no source that answered lists it: a confirmation anywhere is fresh.
            let staleTimes = kept.compactMap(\.entry.lastCheckedAt)
            entry.lastCheckedAt = staleTimes.count == kept.count ? staleTimes.max() : nil
            merged.entries.append(entry)
            for candidate in kept { merged.entryIDs[candidate.listingKey] = id }
        }
        return merged
    }

    /// What the merge compares of one candidate, read once: its match key (the costly part: the
    /// artist credit and title family), its barcode as EAN-13, the ids it is known by, and its
    /// title's edition reading. Pairs are compared many times over; candidates once.
    struct Traits {
        var candidate: MergeCandidate
        var key: MatchKey
        var barcode: String?
        var names: Set<ReleaseLink>
        var isQualified: Bool
        var foldedTitle: String

        /// - Parameter mainCredit: `ArtistCredit.main` of the entry's artist, when the caller read it already.
        init(_ candidate: MergeCandidate, mainCredit: String? = nil) {
            self.candidate = candidate
            let reading = TitleFamily.read(candidate.entry.title)
            key = MatchKey(family: reading.family, artist: mainCredit ?? ArtistCredit.main(candidate.entry.artist))
            barcode = Barcode.normalized(candidate.barcode)
            names = candidate.names
            isQualified = reading.isQualified
            foldedTitle = reading.folded
        }
    }

    /// Groups of candidate indices, each one release.
    static func group(_ candidates: [MergeCandidate]) -> [[Int]] {
        // Every source credits an artist alike on most of its releases: each credit is read once.
        var mainCredits: [String: String] = [:]
        let traits = candidates.map { candidate in
            let artist = candidate.entry.artist
            let main = mainCredits[artist] ?? ArtistCredit.main(artist)
            mainCredits[artist] = main
            return Traits(candidate, mainCredit: main)
        }
        var groups = candidates.indices.map { [$0] }
        var groupOf = Array(candidates.indices)
        for pair in evidencePairs(traits) {
            let (left, right) = (groupOf[pair.a], groupOf[pair.b])
            guard left != right else { continue }
            let conflicts = groups[left].contains { a in
                groups[right].contains { b in conflict(traits[a], traits[b]) }
            }
            guard !conflicts else { continue }
            for member in groups[right] { groupOf[member] = left }
            groups[left] += groups[right]
            groups[right] = []
        }
        return groups.filter { !$0.isEmpty }
    }

    /// Every pair with evidence, strongest first, then in config order. Candidates are paired only
    /// within shared buckets (an id, a barcode, a match key), so the work grows with the matches,
    /// not with the square of the entries.
    static func evidencePairs(_ traits: [Traits]) -> [(a: Int, b: Int, evidence: Evidence)] {
        var buckets: [String: [Int]] = [:]
        for (index, candidate) in traits.enumerated() {
            for name in candidate.names { buckets["n\(name.namespace.rawValue):\(name.id)", default: []].append(index) }
            if let barcode = candidate.barcode { buckets["b\(barcode)", default: []].append(index) }
            buckets["k\(candidate.key.rawValue)", default: []].append(index)
        }
        var seen: Set<Int> = []
        var pairs: [(a: Int, b: Int, evidence: Evidence)] = []
        let count = traits.count
        for members in buckets.values where members.count > 1 {
            for i in members.indices {
                for j in members.indices where j > i {
                    let (a, b) = (min(members[i], members[j]), max(members[i], members[j]))
                    guard seen.insert(a * count + b).inserted, let evidence = evidence(traits[a], traits[b]) else { continue }
                    pairs.append((a, b, evidence))
                }
            }
        }
        return pairs.sorted { x, y in
            if x.evidence != y.evidence { return x.evidence < y.evidence }
            let order = { (index: Int) in traits[index].candidate.order }
            return (order(x.a), order(x.b), x.a, x.b) < (order(y.a), order(y.b), y.a, y.b)
        }
    }

    /// The strongest evidence that `a` and `b` are one release, or nil when there is none.
    package static func evidence(_ a: MergeCandidate, _ b: MergeCandidate) -> Evidence? {
        evidence(Traits(a), Traits(b))
    }

    static func evidence(_ a: Traits, _ b: Traits) -> Evidence? {
        let (x, y) = (a.candidate, b.candidate)
        if x.isAppleStore, y.isAppleStore, x.entry.id == y.entry.id { return .sameAppleID }
        if !a.names.isDisjoint(with: b.names) { return .link }
        if let barcode = a.barcode, barcode == b.barcode { return .barcode }
        if x.entry.type == y.entry.type, a.key == b.key, datesAgree(x.entry.releaseDate, y.entry.releaseDate), !tracksConflict(x, y) {
            return .matchKey
        }
        return nil
    }

    /// True when `a` and `b` are known to be different releases, whatever else they share.
    package static func conflict(_ a: MergeCandidate, _ b: MergeCandidate) -> Bool {
        conflict(Traits(a), Traits(b))
    }

    static func conflict(_ a: Traits, _ b: Traits) -> Bool {
        let (x, y) = (a.candidate, b.candidate)
        if x.isAppleStore, y.isAppleStore, x.entry.id == y.entry.id { return false }
        if x.source.key == y.source.key { return true }
        if let barcode = a.barcode, let other = b.barcode, barcode != other { return true }
        return editionsDiffer(a, b)
    }

    /// One title names an edition the other does not (a deluxe, a remaster, a regional edition) in
    /// the same family: another release of the group, never this one.
    static func editionsDiffer(_ a: Traits, _ b: Traits) -> Bool {
        guard a.key == b.key, a.isQualified || b.isQualified else { return false }
        return a.isQualified != b.isQualified || a.foldedTitle != b.foldedTitle
    }

    static func tracksConflict(_ a: MergeCandidate, _ b: MergeCandidate) -> Bool {
        guard let x = a.trackCount, let y = b.trackCount else { return false }
        return x != y
    }

    /// Two dates of one release: within a few days when both name the day, else the same month (or
    /// year) at the coarser date's precision (MusicBrainz dates some releases by month or year).
    static func datesAgree(_ a: ReleaseDate, _ b: ReleaseDate) -> Bool {
        guard a.year == b.year || (a.day != nil && b.day != nil) else { return false }
        if a.day != nil, b.day != nil { return abs(a.epochDay - b.epochDay) <= dateToleranceDays }
        guard let x = a.month, let y = b.month else { return a.year == b.year }
        return a.year == b.year && x == y
    }
}
