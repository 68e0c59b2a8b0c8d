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
    /// joined artist, and for a single or EP (by `type` or by its " - Single" suffix) also the
    /// short-form family an owned single hides. An owned album meets these keys when the sets of
    /// `owned(title:artist:)` and `all(title:artist:)` intersect.
    package static func all(title: String, artist: String, type: RecordingType? = nil) -> Set<MatchKey> {
        let reading = TitleFamily.read(title)
        let credits = ArtistCredit.all(artist)
        var keys = all(family: reading.family, credits: credits)
        if reading.isShortForm || type == .single || type == .ep {
            keys.formUnion(all(family: reading.family + TitleFamily.shortFormMarker, credits: credits))
        }
        return keys
    }

    /// Every key an owned (or dismissed) album hides. A single or EP (" - Single", " - EP") hides
    /// only singles and EPs of its name: a single never stands for its album.
    package static func owned(title: String, artist: String) -> Set<MatchKey> {
        all(family: ownedFamily(TitleFamily.read(title)), credits: ArtistCredit.all(artist))
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
            all.formUnion(Self.all(family: ownedFamily(TitleFamily.read(title)), credits: cache.credits(of: artist).all))
        }
        return all
    }

    package var description: String { rawValue }

    package static func < (lhs: MatchKey, rhs: MatchKey) -> Bool {
        lhs.rawValue.unicodeScalars.lexicographicallyPrecedes(rhs.rawValue.unicodeScalars)
    }
}

/// A set of album keys, held as their match keys indexed by title family.
///
/// Asking whether a release's `MatchKey.all` meets the set takes one lookup of its family and a
/// comparison of artist credits, with no key string built: the diff asks this for every release
/// it sees, against the library and against the dismissals. A family and a credit never contain
/// the key separator (folding turns control characters into spaces), so a (family, credit) pair
/// matches exactly when the `MatchKey` built from it does.
/// Owned singles and EPs (`MatchKey.ownedFamily`'s short form) are held apart, by their plain
/// family, so no marked key string is built for the releases they are compared with.
struct MatchKeyIndex {
    private var creditsByFamily: [String: Set<String>] = [:]
    private var creditsByShortFormFamily: [String: Set<String>] = [:]

    init(_ keys: Set<AlbumKey>, cache: inout MatchKeyCache) {
        for key in keys {
            let (title, artist) = AlbumKey.split(key.rawValue)
            let reading = TitleFamily.read(title)
            let credits = cache.credits(of: artist).all
            if reading.isShortForm {
                creditsByShortFormFamily[reading.family, default: []].formUnion(credits)
            } else {
                creditsByFamily[reading.family, default: []].formUnion(credits)
            }
        }
    }

    /// True when some key of the set is one of a catalog release's keys (`MatchKey.all`): its
    /// family, or for a single or EP also its short-form family, with one of `credits`.
    func contains(_ release: TitleFamily.Reading, type: RecordingType?, anyOf credits: Set<String>) -> Bool {
        if contains(family: release.family, anyOf: credits) { return true }
        guard release.isShortForm || type == .single || type == .ep,
            let known = creditsByShortFormFamily[release.family]
        else { return false }
        return !known.isDisjoint(with: credits)
    }

    /// True when some key of the set equals `MatchKey(family, credit)` for one of `credits`.
    func contains(family: String, anyOf credits: Set<String>) -> Bool {
        guard let known = creditsByFamily[family] else { return false }
        return !known.isDisjoint(with: credits)
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
    }

    private var known: [String: Credits] = [:]

    mutating func credits(of artist: String) -> Credits {
        if let credits = known[artist] { return credits }
        let main = ArtistCredit.main(artist)
        let credits = Credits(main: main, all: ArtistCredit.all(main: main))
        known[artist] = credits
        return credits
    }
}
