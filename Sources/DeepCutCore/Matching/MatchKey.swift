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
