/// One artist's rule (`artistRules`): the release types and the "new by" rule for that artist,
/// each overriding the feed's when set (Lidarr/Lidarr#1888: albums only from one artist, everything
/// from another).
package struct ArtistRule: Sendable, Hashable {
    /// The artist's name as the config writes it.
    package var name: String
    package var types: TypeSelection?
    package var newBy: NewBy?

    package init(name: String, types: TypeSelection? = nil, newBy: NewBy? = nil) {
        self.name = name
        self.types = types
        self.newBy = newBy
    }
}

/// The feed's own filters beyond owned, dismissed and muted: per-artist rules, variant hiding, and
/// genre and label exclusions. Pure data the Diff reads; `none` changes nothing.
package struct ReleaseFilters: Sendable, Hashable {
    /// By the artist's main credit (`ArtistCredit.main`), so a rule reaches the artist's releases
    /// as mutes do: "Khruangbin & Leon Bridges" is both artists'.
    private var rules: [String: ArtistRule]
    /// `feed.hideVariants`: sped up, slowed, nightcore, instrumental and a cappella versions (`VariantTitle`).
    package var hideVariants: Bool
    /// Folded (`MatchText.fold`) genre and label names; a release whose catalog gives none is kept.
    private var genres: Set<String>
    private var labels: Set<String>

    package init(
        artistRules: [ArtistRule] = [], hideVariants: Bool = false, excludeGenres: [String] = [], excludeLabels: [String] = []
    ) {
        var rules: [String: ArtistRule] = [:]
        for rule in artistRules { rules[ArtistCredit.main(rule.name)] = rule }
        self.rules = rules
        self.hideVariants = hideVariants
        self.genres = Set(excludeGenres.map(MatchText.fold))
        self.labels = Set(excludeLabels.map(MatchText.fold))
    }

    package static let none = ReleaseFilters()

    package var artistRules: [ArtistRule] { rules.values.sorted { $0.name < $1.name } }

    /// The rules of the artists a release credits (`MatchKeyCache.Credits.all`); empty for most.
    func rules(for credits: Set<String>) -> [ArtistRule] {
        guard !rules.isEmpty else { return [] }
        return credits.compactMap { rules[$0] }
    }

    /// The rules naming this credit ("Bonobo feat. X" is Bonobo's), for `more-from`.
    package func rules(forCredit artist: String) -> [ArtistRule] {
        rules(for: ArtistCredit.all(artist))
    }

    /// Why the release's genre or label keeps it out; nil when neither is excluded or the catalog names none.
    func exclusion(of release: Release) -> DropReason? {
        if !genres.isEmpty {
            let named = [release.genre].compactMap { $0 } + (release.genres ?? [])
            if named.contains(where: { genres.contains(MatchText.fold($0)) }) { return .excludedGenre }
        }
        if !labels.isEmpty, let label = release.label, labels.contains(MatchText.fold(label)) { return .excludedLabel }
        return nil
    }
}
