/// The smarter key used to decide "owned", "dismissed" and "same release family".
///
/// Built from the legacy-normalised title and artist, so `MatchKey(split(legacyKey(t, a)))`
/// equals `MatchKey(t, a)` for every t and a. The text form is `family U+001F artist`.
/// `version` changes whenever the rules change, so stored keys know when to be rebuilt.
public struct MatchKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let version = 2

    public let rawValue: String

    init(family: String, artist: String) {
        rawValue = family + String(AlbumKey.separator) + artist
    }

    /// The primary key of a release: its title family and its main artist credit.
    public init(title: String, artist: String) {
        self.init(family: TitleFamily.of(title), artist: ArtistCredit.main(artist))
    }

    /// The key of a legacy (or current) album key, by splitting it.
    public init(_ key: AlbumKey) {
        self.init(title: key.title, artist: key.artist)
    }

    /// Every key an album answers to: its family with the main credit and with each joined artist.
    /// Two albums match when their key sets intersect.
    public static func all(title: String, artist: String) -> Set<MatchKey> {
        all(family: TitleFamily.of(title), credits: ArtistCredit.all(artist))
    }

    /// The keys of a title family with each of an artist's credits.
    static func all(family: String, credits: Set<String>) -> Set<MatchKey> {
        Set(credits.map { MatchKey(family: family, artist: $0) })
    }

    public static func all(_ key: AlbumKey) -> Set<MatchKey> {
        all(title: key.title, artist: key.artist)
    }

    /// Every key of every album in `keys` (a whole library), each distinct artist credit read
    /// once: 50,000 albums have a few thousand artists, and reading a credit is the costly half.
    public static func all(ofEach keys: some Sequence<AlbumKey>) -> Set<MatchKey> {
        var cache = MatchKeyCache()
        var all: Set<MatchKey> = []
        for key in keys {
            let (title, artist) = AlbumKey.split(key.rawValue)
            all.formUnion(Self.all(family: TitleFamily.of(title), credits: cache.credits(of: artist).all))
        }
        return all
    }

    public var description: String { rawValue }

    public static func < (lhs: MatchKey, rhs: MatchKey) -> Bool {
        lhs.rawValue.unicodeScalars.lexicographicallyPrecedes(rhs.rawValue.unicodeScalars)
    }
}
