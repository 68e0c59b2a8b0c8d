import DeepCutCatalog
import DeepCutCore

/// Decides which catalog artist a library name is, the same way for every provider.
///
/// An artist whose normalised name equals the library's beats the catalog's first hit (a search
/// may rank a namesake or a "feat." credit first). When several catalog artists share the name
/// (two bands called Nirvana), the one whose releases include an album the user owns wins; if none
/// does, the catalog's first namesake is taken and marked ambiguous for the health report.
struct ArtistResolver: Sendable {
    /// Namesakes whose releases are compared; more than this many bands of one name is noise.
    static let maximumNamesakes = 5

    let provider: any CatalogProvider
    /// Match keys of every album the user owns.
    let owned: OwnedMatchKeys
    /// What the other storefronts of this catalog found in this run (`StorefrontSharing`): taken
    /// instead of a search, and told what this one finds.
    let storefronts: StorefrontIdentities?

    init(provider: any CatalogProvider, owned: OwnedMatchKeys, storefronts: StorefrontIdentities? = nil) {
        self.provider = provider
        self.owned = owned
        self.storefronts = storefronts
    }

    init(provider: any CatalogProvider, ownedKeys: Set<MatchKey>) {
        self.init(provider: provider, owned: OwnedMatchKeys(keys: ownedKeys))
    }

    func resolve(_ name: String) async -> ResolvedArtist {
        if let found = storefronts?.artist(named: name) { return .found(found, .storefront, releases: nil) }
        let resolved = await search(name)
        if case .found(let artist, let method, _) = resolved { storefronts?.post(artist, named: name, method: method) }
        return resolved
    }

    private func search(_ name: String) async -> ResolvedArtist {
        let hits: [CatalogArtist]
        switch await provider.searchArtists(named: name) {
        case .failure(let failure): return .failed(failure)
        case .success(let found): hits = found
        }
        guard let firstHit = hits.first else { return .notFound }
        let wanted = ArtistName.normalize(name)
        var seen: Set<String> = []
        let namesakes = hits.filter { ArtistName.normalize($0.name) == wanted && seen.insert($0.id).inserted }
        switch namesakes.count {
        case 0: return .found(firstHit, .first, releases: nil)
        case 1: return .found(namesakes[0], .exact, releases: nil)
        default: return await choose(among: Array(namesakes.prefix(Self.maximumNamesakes)))
        }
    }

    /// The namesake listing an owned album; else the first, as ambiguous. A namesake whose releases
    /// could not be fetched might be the owned one, so without an owned match that is a failure
    /// (retried next run), not a guess.
    private func choose(among namesakes: [CatalogArtist]) async -> ResolvedArtist {
        let answers = await provider.listings(ofEach: namesakes)
        let ownedKeys = await owned.keys
        var firstFailure: FetchFailure?
        for namesake in namesakes {
            switch answers.answer(for: namesake) {
            case .success(let listing) where listing.releases.contains(where: { Self.isOwned($0, ownedKeys) }):
                return .found(namesake, .owned, releases: .success(listing))
            case .success:
                continue
            case .failure(let failure):
                firstFailure = firstFailure ?? failure
            }
        }
        if let firstFailure { return .failed(firstFailure) }
        return .found(namesakes[0], .ambiguous, releases: answers.answer(for: namesakes[0]))
    }

    private static func isOwned(_ release: Release, _ ownedKeys: Set<MatchKey>) -> Bool {
        !MatchKey.all(title: release.title, artist: release.artist, type: release.type).isDisjoint(with: ownedKeys)
    }
}

/// What resolving one library artist name found.
enum ResolvedArtist: Sendable {
    /// The catalog artist and how it was chosen. `releases` is set when telling namesakes apart
    /// already fetched them, so they are not fetched twice.
    case found(CatalogArtist, ResolutionMethod, releases: Result<ArtistListing, FetchFailure>?)
    case notFound
    /// The search (or a namesake's releases) failed: no answer, and nothing to cache.
    case failed(FetchFailure)
}

/// Which catalog artist a library artist is, and how that was decided.
struct ArtistIdentity: Sendable, Hashable {
    /// nil when the catalog has no such artist (`method` is `.notFound`).
    var artist: CatalogArtist?
    var method: ResolutionMethod
}
