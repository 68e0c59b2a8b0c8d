import DeepCutCore

/// The match keys (`MatchKey.owned`) of every album the user owns, built on first use: only telling
/// namesake artists apart needs them, and most runs meet no namesakes (a repair run that asks one
/// artist never does), while building them for 50,000 albums costs a fifth of a second and a set
/// of a hundred thousand keys.
actor OwnedMatchKeys {
    private enum State {
        case albums(Set<AlbumKey>)
        case keys(Set<MatchKey>)
    }

    private var state: State

    /// Keys built from `albums` when first asked for.
    init(albums: Set<AlbumKey>) {
        state = .albums(albums)
    }

    /// Keys already built.
    init(keys: Set<MatchKey>) {
        state = .keys(keys)
    }

    /// True once the keys exist (built, or given).
    var isBuilt: Bool {
        if case .keys = state { return true }
        return false
    }

    var keys: Set<MatchKey> {
        switch state {
        case .keys(let keys):
            return keys
        case .albums(let albums):
            let keys = MatchKey.owned(ofEach: albums)
            state = .keys(keys)
            return keys
        }
    }
}
