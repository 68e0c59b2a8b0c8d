import Foundation

extension MusicBrainzRoute {
    /// `artist?query=artist:"name"` (or bare text): artists whose name contains the phrase, ignoring case
    /// and diacritics; exact matches first with score 100. `disambiguation` is left out, as MusicBrainz
    /// does when an artist has none.
    func searchPlan(query: String, limit: Int, offset: Int) -> RoutePlan {
        let phrase = Self.phrase(in: query)
        guard !phrase.isEmpty else { return Self.error("Invalid query.", status: 400, route: "musicbrainz.artist") }
        let folded = phrase.searchFolded
        let matches = foldedNames.indices.filter { foldedNames[$0].contains(folded) }
        let exact = matches.filter { foldedNames[$0] == folded }
        let ranked = exact + matches.filter { foldedNames[$0] != folded }
        let shown = ranked.dropFirst(offset).prefix(limit).map { index in
            let artist = artists[index]
            return FixtureJSON.object([
                ("id", .string(MusicBrainzID.mbid(for: artist.id))), ("type", .string("Group")),
                ("score", .number(foldedNames[index] == folded ? 100 : 80)),
                ("name", .string(artist.name)), ("sort-name", .string(artist.name)),
            ])
        }
        let body = FixtureJSON.object([
            ("created", .string("2026-01-01T00:00:00.000Z")), ("count", .number(ranked.count)),
            ("offset", .number(offset)), ("artists", .array(shown)),
        ])
        return Self.ok(route: "musicbrainz.artist", operation: .search, artistIDs: ranked.map { artists[$0].id }, body)
    }

    /// The searched name: the phrase of `artist:"…"` with `\"` and `\\` unescaped, or the bare query.
    static func phrase(in query: String) -> String {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("artist:\""), trimmed.hasSuffix("\""), trimmed.count >= "artist:\"\"".count else {
            return trimmed
        }
        var phrase = ""
        var escaping = false
        for character in trimmed.dropFirst("artist:\"".count).dropLast() {
            if escaping || character != "\\" {
                phrase.append(character)
                escaping = false
            } else {
                escaping = true
            }
        }
        return phrase
    }
}
