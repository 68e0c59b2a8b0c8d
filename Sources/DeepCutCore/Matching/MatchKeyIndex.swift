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
              let known = creditsByShortFormFamily[release.family] else { return false }
        return !known.isDisjoint(with: credits)
    }

    /// True when some key of the set equals `MatchKey(family, credit)` for one of `credits`.
    func contains(family: String, anyOf credits: Set<String>) -> Bool {
        guard let known = creditsByFamily[family] else { return false }
        return !known.isDisjoint(with: credits)
    }
}
