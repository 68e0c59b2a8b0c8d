/// The smarter key used to decide "owned", "dismissed" and "same release family".
///
/// Built from the legacy-normalised title and artist, so `MatchKey(split(legacyKey(t, a)))`
/// equals `MatchKey(t, a)` for every t and a. The text form is `family U+001F artist`.
/// `version` changes whenever the rules change, so stored keys know when to be rebuilt.
package struct MatchKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    package static let version = 2

    package let rawValue: String

    init(family: String, artist: String) {
        rawValue = family + String(AlbumKey.separator) + artist
    }

    /// The primary key of a release: its title family and its main artist credit.
    package init(title: String, artist: String) {
        self.init(family: TitleFamily.of(title), artist: ArtistCredit.main(artist))
    }

    /// The key of a legacy (or current) album key, by splitting it.
    package init(_ key: AlbumKey) {
        self.init(title: key.title, artist: key.artist)
    }

    /// Every key a catalog release answers to: its family with the main credit and with each
    /// joined artist (a classical release only with its whole performer credit, `ClassicalForm`).
    /// A single or EP (by `type` or by its " - Single" suffix) answers only to the short-form
    /// family an owned single hides: an owned album of its name hides it only when the two are
    /// dated within `MatchKeyIndex.shortFormYears` years of each other, which keys cannot carry.
    /// An owned album meets these keys when the sets of `owned(title:artist:)` and
    /// `all(title:artist:)` intersect.
    package static func all(title: String, artist: String, type: RecordingType? = nil) -> Set<MatchKey> {
        let reading = TitleFamily.read(title)
        let credits = MatchKeyCache.read(artist)
        let names = credits.names(classical: reading.isClassical)
        let isShortForm = reading.isShortForm || type == .single || type == .ep
        var keys = all(family: isShortForm ? reading.family + TitleFamily.shortFormMarker : reading.family, credits: names)
        for family in featuredFamilies(reading, credits: credits, isShortForm: isShortForm) {
            keys.formUnion(all(family: family, credits: credits.all))
        }
        return keys
    }

    static let featureMarker = "\u{1E}feat "

    /// The families a featured artist is written into, from either side: "Old Town Road" by
    /// "Lil Nas X feat. Billy Ray Cyrus" and "Old Town Road (feat. Billy Ray Cyrus)" by "Lil Nas X"
    /// are one recording, which catalogs credit either way.
    static func featuredFamilies(_ reading: TitleFamily.Reading, credits: MatchKeyCache.Credits, isShortForm: Bool) -> [String] {
        let short = isShortForm ? TitleFamily.shortFormMarker : ""
        var families: [String] = []
        if let name = credits.featured { families.append(reading.family + short + featureMarker + name) }
        if let featuring = reading.featuring { families.append(featuring.head + short + featureMarker + featuring.name) }
        return families
    }

    /// Every key an owned (or dismissed) album hides. A single or EP (" - Single", " - EP") hides
    /// only singles and EPs of its name: a single never stands for its album.
    package static func owned(title: String, artist: String) -> Set<MatchKey> {
        let reading = TitleFamily.read(title)
        let credits = MatchKeyCache.read(artist)
        var keys = all(family: ownedFamily(reading), credits: credits.names(classical: reading.isClassical))
        for family in featuredFamilies(reading, credits: credits, isShortForm: reading.isShortForm) {
            keys.formUnion(all(family: family, credits: credits.all))
        }
        return keys
    }

    /// The family an owned album is held under.
    static func ownedFamily(_ reading: TitleFamily.Reading) -> String {
        reading.isShortForm ? reading.family + TitleFamily.shortFormMarker : reading.family
    }

    /// The keys of a title family with each of an artist's credits.
    static func all(family: String, credits: Set<String>) -> Set<MatchKey> {
        Set(credits.map { MatchKey(family: family, artist: $0) })
    }

    package static func all(_ key: AlbumKey) -> Set<MatchKey> {
        all(title: key.title, artist: key.artist)
    }

    package static func owned(_ key: AlbumKey) -> Set<MatchKey> {
        owned(title: key.title, artist: key.artist)
    }

    /// The owned keys of every album in `keys` (a whole library), each distinct artist credit read
    /// once: 50,000 albums have a few thousand artists, and reading a credit is the costly half.
    package static func owned(ofEach keys: some Sequence<AlbumKey>) -> Set<MatchKey> {
        var cache = MatchKeyCache()
        var all: Set<MatchKey> = []
        for key in keys {
            let (title, artist) = AlbumKey.split(key.rawValue)
            let reading = TitleFamily.read(title)
            let credits = cache.credits(of: artist)
            all.formUnion(Self.all(family: ownedFamily(reading), credits: credits.names(classical: reading.isClassical)))
            for family in featuredFamilies(reading, credits: credits, isShortForm: reading.isShortForm) {
                all.formUnion(Self.all(family: family, credits: credits.all))
            }
        }
        return all
    }

    package var description: String { rawValue }

    package static func < (lhs: MatchKey, rhs: MatchKey) -> Bool {
        lhs.rawValue.unicodeScalars.lexicographicallyPrecedes(rhs.rawValue.unicodeScalars)
    }
}

/// A set of album keys, held by title family, with what matching them needs: each album's
/// credits, whether it is classical, and its year where the library knows it.
///
/// Asking whether a release meets the set takes one lookup of its family and a comparison of
/// artist credits, with no key string built: the diff asks this for every release it sees,
/// against the library and against the dismissals. It answers what intersecting `MatchKey` sets
/// answers, plus the two rules keys cannot carry:
/// - a classical release (by either side's title or credit, or the catalog's genre) matches only
///   an album with its whole performer credit (`ArtistCredit.ensemble`);
/// - a single or EP matches an owned album of its name only when both are dated, within
///   `shortFormYears` of each other (*Slowdive - EP*, 1990, is not from *Slowdive*, 2017); undated,
///   only when the catalog lists no album of that name (then the owned title is the EP itself).
/// Owned singles and EPs (`MatchKey.ownedFamily`'s short form) are held apart, by their plain family.
struct MatchKeyIndex {
    /// A single or EP belongs with an album of its name released this many years apart at most.
    static let shortFormYears = 2

    struct Entry {
        var credits: MatchKeyCache.Credits
        /// The owned title, folded: whether it is classical is worked out only when a release meets it.
        var title: String
        var year: Int?
        var isClassical: Bool { ClassicalForm.isClassical(title: title) }
    }

    /// One family's albums, those of a single credit held by that credit: a release of one artist
    /// meets only its own artist's albums, never walking a family hundreds of artists share
    /// ("Greatest Hits"; BENCHMARKS.md §4). Answers exactly what walking every album answers.
    struct Bucket {
        /// Albums credited to one artist, sorted by `Credits.main` once the index is built
        /// (`sortedByCredit`): `sameCredit`'s first rule, found by binary search. A dictionary
        /// by name cost run B 5 MB more (BENCHMARKS.md §4).
        private var singles: [Entry] = []
        /// Every other album: joined, featured or ensemble credits.
        private var others: [Entry] = []

        mutating func append(_ entry: Entry) {
            if entry.credits.all.count == 1 { singles.append(entry) } else { others.append(entry) }
        }

        /// Once every album is in: orders the single credits for `contains`.
        mutating func sortByCredit() {
            singles.sort { $0.credits.main < $1.credits.main }
        }

        /// True when an album meets `matches`, which must be false for two single credits of
        /// different main names (as `sameCredit` is): only then are those albums skipped.
        func contains(credits: MatchKeyCache.Credits, where matches: (Entry) -> Bool) -> Bool {
            if others.contains(where: matches) { return true }
            guard credits.all.count == 1 else { return singles.contains(where: matches) }
            var low = 0
            var high = singles.count
            while low < high {
                let middle = (low + high) / 2
                if singles[middle].credits.main < credits.main { low = middle + 1 } else { high = middle }
            }
            while low < singles.count, singles[low].credits.main == credits.main {
                if matches(singles[low]) { return true }
                low += 1
            }
            return false
        }

        /// Every album of the family, for rules other than `sameCredit`.
        func containsAny(where predicate: (Entry) -> Bool) -> Bool {
            others.contains(where: predicate) || singles.contains(where: predicate)
        }
    }

    private var byFamily: [String: Bucket] = [:]
    private var byShortFormFamily: [String: Bucket] = [:]
    /// Albums by `MatchKey.featuredFamilies`: a featured artist in the title or the credit.
    private var byFeaturedFamily: [String: [Entry]] = [:]
    /// Owned soundtracks by their title without the soundtrack marker (`Reading.soundtrackHead`).
    private var bySoundtrackHead: [String: Bucket] = [:]

    /// False for dismissals: a dismissed title hides every single and EP of its name, dated or not
    /// (the user said no to that name; dismissing an EP stores its bare title).
    private let datesShortForms: Bool

    init(_ keys: Set<AlbumKey>, years: [AlbumKey: Int] = [:], datesShortForms: Bool = true, cache: inout MatchKeyCache) {
        self.datesShortForms = datesShortForms
        for key in keys {
            let (title, artist) = AlbumKey.split(key.rawValue)
            let reading = TitleFamily.read(title)
            let entry = Entry(credits: cache.credits(of: artist), title: reading.folded, year: years[key])
            if reading.isShortForm {
                byShortFormFamily[reading.family, default: Bucket()].append(entry)
            } else {
                byFamily[reading.family, default: Bucket()].append(entry)
            }
            for family in MatchKey.featuredFamilies(reading, credits: entry.credits, isShortForm: reading.isShortForm) {
                byFeaturedFamily[family, default: []].append(Entry(credits: entry.credits, title: "", year: nil))
            }
            if let head = reading.soundtrackHead, !reading.isShortForm { bySoundtrackHead[head, default: Bucket()].append(entry) }
        }
        for family in byFamily.keys { byFamily[family]?.sortByCredit() }
        for family in byShortFormFamily.keys { byShortFormFamily[family]?.sortByCredit() }
        for head in bySoundtrackHead.keys { bySoundtrackHead[head]?.sortByCredit() }
    }

    /// True when an album of the set is the release `reading`, by `type`, credited `credits`.
    /// - Parameters:
    ///   - isClassical: the catalog's genre says classical (`ClassicalForm.isClassical(genre:)`).
    ///   - year: the release's year, for singles and EPs.
    ///   - isSoundtrack: the catalog marks the release a soundtrack (type or genre): it may be an
    ///     owned soundtrack's reissue without the marker ("Gladiator (20th Anniversary Edition)").
    ///   - albumOfNameListed: the catalog lists an album of the single's or EP's name by its credit.
    ///     When it does not, an undated owned title can only be that single or EP (a CSV row
    ///     "Otomo" when Bonobo's only "Otomo" is the EP); when it does, undated is undecided.
    func contains(
        _ release: TitleFamily.Reading, type: RecordingType?, credits: MatchKeyCache.Credits, isClassical: Bool = false,
        year: Int? = nil, isSoundtrack: Bool = false, albumOfNameListed: @autoclosure () -> Bool = true
    ) -> Bool {
        // A local function, not a closure value: a closure stored in a `let` copied the reading and
        // the credits into a context of its own for every release asked about (4 % of run B's CPU).
        func matches(_ entry: Entry) -> Bool {
            Self.sameCredit(entry, credits, classical: { isClassical || release.isClassical || entry.isClassical })
        }
        let isShortForm = release.isShortForm || type == .single || type == .ep
        if !byFeaturedFamily.isEmpty {
            for family in MatchKey.featuredFamilies(release, credits: credits, isShortForm: isShortForm)
            where byFeaturedFamily[family]?.contains(where: { !$0.credits.all.isDisjoint(with: credits.all) }) == true {
                return true
            }
        }
        if isSoundtrack, !isShortForm, bySoundtrackHead[release.family]?.contains(credits: credits, where: matches) == true {
            return true
        }
        guard isShortForm else {
            return byFamily[release.family]?.contains(credits: credits, where: matches) ?? false
        }
        if byShortFormFamily[release.family]?.contains(credits: credits, where: matches) == true { return true }
        guard let albums = byFamily[release.family] else { return false }
        return albums.contains(credits: credits) { entry in
            guard matches(entry) else { return false }
            guard datesShortForms else { return true }
            if let owned = entry.year, let year { return abs(owned - year) <= Self.shortFormYears }
            return !albumOfNameListed()
        }
    }

    /// True when the set holds an album (not a single or EP) of this family: only then may a match
    /// ask whether the catalog lists an album of the name (`contains`'s `albumOfNameListed`).
    func hasAlbum(family: String) -> Bool {
        byFamily[family] != nil
    }

    /// True when an album of the set is the release of family `family` credited `credits` (no
    /// classical or short-form rule: for callers that hold a bare family).
    func contains(family: String, credits: MatchKeyCache.Credits) -> Bool {
        byFamily[family]?.contains(credits: credits) { entry in Self.sameCredit(entry, credits, classical: { entry.isClassical }) } ?? false
    }

    /// True when some album of `family` shares a credit with `credits` by any rule, classical or
    /// not: the same title with an overlapping credit, which track lists may settle.
    func overlaps(family: String, credits: MatchKeyCache.Credits) -> Bool {
        byFamily[family]?.containsAny { !$0.credits.all.isDisjoint(with: credits.all) } ?? false
    }

    /// Whole credits for classical releases, a shared artist otherwise. Two credits of one artist
    /// each are the same either way, so most pairs never ask whether the titles are classical.
    private static func sameCredit(_ entry: Entry, _ credits: MatchKeyCache.Credits, classical: () -> Bool) -> Bool {
        if entry.credits.all.count == 1, credits.all.count == 1 { return entry.credits.main == credits.main }
        let sameEnsemble = entry.credits.ensemble == credits.ensemble
        let sharesArtist = !entry.credits.all.isDisjoint(with: credits.all)
        // When both rules agree, which one applies does not matter: the titles are not read.
        if sameEnsemble == sharesArtist { return sameEnsemble }
        if entry.credits.isEnsemble || credits.isEnsemble || classical() { return sameEnsemble }
        return sharesArtist
    }
}

/// Reads each distinct artist credit once.
///
/// A catalog repeats an artist's name on every release (5,000 artists × 50 releases are 250,000
/// credits but 5,000 names), and reading a credit — folding it, dropping featured artists,
/// splitting joins — is the costlier half of a match key. The diff keeps one cache for a run.
struct MatchKeyCache {
    struct Credits {
        /// `ArtistCredit.main`: the artist half of a release's primary `MatchKey`.
        var main: String
        /// `ArtistCredit.all`: the artist halves of `MatchKey.all`.
        var all: Set<String>
        /// `ArtistCredit.ensemble`: the whole performer credit, in any order.
        var ensemble: String
        /// The credit names an ensemble (`ClassicalForm.isEnsemble`): a classical performer credit.
        var isEnsemble: Bool
        /// `ArtistCredit.featured`: the featured artists, as a title's "(feat. …)" would name them.
        var featured: String? = nil

        /// The names a key is built with: the whole credit alone for a classical release.
        func names(classical: Bool) -> Set<String> {
            classical || isEnsemble ? [ensemble] : all
        }
    }

    private var known: [String: Credits] = [:]
    /// Credits by the folded text they are read from (`MatchText.fold`): a credit reads nothing
    /// else (`ArtistCredit`), so spellings that fold alike — "Artist 0001" in the catalog,
    /// "artist 0001" in a legacy album key — are read once: reading is the costly part.
    private var byFolded: [String: Credits] = [:]
    /// The credit asked last: the diff asks artist by artist, so most asks repeat it and skip hashing.
    private var last: (artist: String, credits: Credits)?

    mutating func credits(of artist: String) -> Credits {
        if let last, last.artist == artist { return last.credits }
        let credits: Credits
        if let knownCredits = known[artist] {
            credits = knownCredits
        } else {
            let folded = MatchText.fold(artist)
            if let same = byFolded[folded] {
                credits = same
            } else {
                credits = Self.read(artist)
                byFolded[folded] = credits
            }
            known[artist] = credits
        }
        last = (artist, credits)
        return credits
    }

    static func read(_ artist: String) -> Credits {
        let main = ArtistCredit.main(artist)
        return Credits(
            main: main, all: ArtistCredit.all(main: main), ensemble: ArtistCredit.ensemble(main: main),
            isEnsemble: ClassicalForm.isEnsemble(credit: main), featured: ArtistCredit.featured(artist))
    }
}
