import DeepCutCore

/// `Release.links` as the catalog memory stores them: `namespace:id` pairs joined by commas
/// (`apple:1441458047,musicbrainz-release-group:…`), '' for none. Ids never hold a comma (digits,
/// MBIDs). A pair whose namespace this version does not know is skipped, not an error: a newer
/// version's evidence must not make an older one's memory unreadable.
enum StoredReleaseLinks {
    static func text(_ links: [ReleaseLink]) -> String {
        links.map { $0.namespace.rawValue + ":" + $0.id }.joined(separator: ",")
    }

    static func links(_ text: String) -> [ReleaseLink] {
        text.split(separator: ",").compactMap { pair in
            let parts = pair.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let namespace = ReleaseLink.Namespace(rawValue: String(parts[0])) else { return nil }
            return ReleaseLink(namespace, String(parts[1]))
        }
    }
}

/// `Release.genres` as the catalog memory stores them: the names joined by U+001F (a control no
/// catalog puts in a genre name), NULL when the catalog named no list.
enum StoredGenres {
    static let separator: Character = "\u{1F}"

    static func text(_ genres: [String]?) -> String? {
        genres.map { $0.joined(separator: String(separator)) }
    }

    static func genres(_ text: String?) -> [String]? {
        text.map { $0.split(separator: separator, omittingEmptySubsequences: false).map(String.init) }
    }
}
