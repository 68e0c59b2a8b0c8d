import DeepCutCore

extension ConfigField {
    /// `artistRules`: `{"Bonobo": {"types": ["album"], "newBy": "release"}, …}`. Each artist's `types`
    /// (read as `feed.types` is) and `newBy` override the feed's for that artist. Names are matched
    /// by `ArtistName.normalize`: two spellings of one artist are an error, an empty rule too.
    func artistRules() throws -> [ArtistRule] {
        guard case .object(let members) = value else { throw failure("expected object, got \(value.kindName)") }
        var rules: [ArtistRule] = []
        var namesByKey: [String: String] = [:]
        for (name, ruleValue) in members {
            let field = ConfigField(value: ruleValue, path: path.appending(name), fileName: fileName)
            let key = ArtistName.normalize(name)
            guard !key.isEmpty else { throw field.failure("the artist name must not be empty") }
            if let earlier = namesByKey[key] { throw field.failure("names the same artist as '\(earlier)'") }
            namesByKey[key] = name
            var object = try field.object()
            let types = try object.optional("types").map(FeedConfig.types)
            let newBy = try object.optional("newBy")?.oneOf(NewBy.self)
            try object.rejectUnknownKeys()
            guard types != nil || newBy != nil else {
                throw field.failure("names neither 'types' nor 'newBy': the rule would change nothing")
            }
            rules.append(ArtistRule(name: name, types: types, newBy: newBy))
        }
        return rules
    }

    /// A JSON boolean.
    func boolean() throws -> Bool {
        guard case .boolean(let flag) = value else { throw failure("expected boolean, got \(value.kindName)") }
        return flag
    }

    /// An array of non-empty strings (genre or label names), case kept.
    func names() throws -> [String] {
        try array().map { try $0.nonEmptyString() }
    }
}

extension Config {
    /// The diff's filters: `artistRules` with the feed's `hideVariants`, `excludeGenres`, `excludeLabels`.
    package var releaseFilters: ReleaseFilters {
        ReleaseFilters(
            artistRules: artistRules, hideVariants: feed.hideVariants, excludeGenres: feed.excludeGenres, excludeLabels: feed.excludeLabels)
    }

    /// What the catalog is asked for: the feed's types and every artist rule's, so a rule wanting
    /// appearances gets them from a catalog that reads them only when wanted (Apple Music).
    package var fetchedTypes: TypeSelection {
        artistRules.compactMap(\.types).reduce(feed.types) { union, types in
            TypeSelection(primary: union.primary.union(types.primary), secondary: union.secondary.union(types.secondary))
        }
    }

    /// The `artistRules` names no library artist matches (by `ArtistName.normalize`): a typo or an
    /// artist who left the library. `check-config` warns; a sweep ignores them.
    package func unknownRuleArtists(libraryArtists: some Sequence<String>) -> [String] {
        let known = Set(libraryArtists.map(ArtistName.normalize))
        return artistRules.map(\.name).filter { !known.contains(ArtistName.normalize($0)) }.sorted()
    }
}
