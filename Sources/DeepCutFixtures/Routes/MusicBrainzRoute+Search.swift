import DeepCutCore

extension MusicBrainzRoute {
    /// `release-group?query=arid:(A OR B …) [AND firstreleasedate:[DATE TO *]]&limit=N&offset=M`: the
    /// release-group search (https://musicbrainz.org/doc/MusicBrainz_API/Search, "Release Group"):
    /// `{"created", "count", "offset", "release-groups": [{"id", "score", "count", "title",
    /// "first-release-date", "primary-type", "secondary-types", "artist-credit", "releases": [{"id",
    /// "title", "status"}]}]}`. `arid` matches the groups whose credit names the artist;
    /// `firstreleasedate` is a Lucene range over the date as text, so `2026` sorts before
    /// `2026-03-01`. Groups the index has not caught up with (`MusicBrainzSearchState.unindexed`) are
    /// missing, as they are from the real search for a while; `uncredited` ones come without a credit.
    /// Only this subset of Lucene is understood; any other query is refused with 400.
    func releaseGroupSearchPlan(query: String, limit: Int, offset: Int) -> RoutePlan {
        let route = "musicbrainz.release-group.search"
        guard let (artistIDs, since) = Self.additionsQuery(query) else {
            return Self.error("Invalid query.", status: 400, route: route)
        }
        var matched: [(artist: FixtureArtist, release: FixtureRelease)] = []
        var seen: Set<String> = []
        for artist in artists where artist.isInMusicBrainz {
            for release in artist.musicBrainzReleases where release.musicBrainzSearch != .unindexed {
                let credited = MusicBrainzID.mbid(for: release.artistID ?? artist.id)
                guard artistIDs.contains(credited), since.map({ release.releaseDate.description >= $0 }) ?? true,
                    seen.insert(release.id).inserted
                else { continue }
                matched.append((artist, release))
            }
        }
        let page = matched.dropFirst(offset).prefix(limit).map { artist, release in
            Self.searchedGroup(release, of: artist)
        }
        let body = FixtureJSON.object([
            ("created", .string("2026-01-01T00:00:00.000Z")), ("count", .number(matched.count)),
            ("offset", .number(offset)), ("release-groups", .array(page))
        ])
        let asked = artists.filter { artistIDs.contains(MusicBrainzID.mbid(for: $0.id)) }.map(\.id)
        return Self.ok(route: route, operation: .lookup, artistIDs: asked, body)
    }

    /// A group as the search shows it: the browse's fields, a score, and its one release with its status.
    private static func searchedGroup(_ release: FixtureRelease, of artist: FixtureArtist) -> FixtureJSON {
        let status: String
        switch release.musicBrainzStatus ?? .official {
        case .official: status = "Official"
        case .promotion: status = "Promotion"
        case .bootleg: status = "Bootleg"
        case .pseudoRelease: status = "Pseudo-Release"
        }
        guard case .object(let fields) = releaseGroup(release, of: artist, credits: release.musicBrainzSearch != .uncredited)
        else { return .null }
        let releases = FixtureJSON.array([
            .object([
                ("id", .string(MusicBrainzID.release(of: release.id))), ("title", .string(release.title)),
                ("status", .string(status))
            ])
        ])
        return .object([("score", .number(100)), ("count", .number(1))] + fields + [("releases", releases)])
    }

    /// The asked MBIDs (lower case) and the range's start, from `arid:X` or `arid:(X OR Y …)`,
    /// optionally `AND firstreleasedate:[DATE TO *]`; nil for any other query.
    static func additionsQuery(_ query: String) -> (artistIDs: Set<String>, since: String?)? {
        let parts = query.components(separatedBy: " AND ")
        guard (1...2).contains(parts.count), parts[0].hasPrefix("arid:") else { return nil }
        var ids = String(parts[0].dropFirst("arid:".count))
        if ids.hasPrefix("(") {
            guard ids.hasSuffix(")") else { return nil }
            ids = String(ids.dropFirst().dropLast())
        }
        let artistIDs = ids.components(separatedBy: " OR ").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard artistIDs.allSatisfy(MusicBrainzID.isUUIDShaped) else { return nil }
        guard parts.count == 2 else { return (Set(artistIDs), nil) }
        let range = parts[1]
        guard range.hasPrefix("firstreleasedate:["), range.hasSuffix(" TO *]") else { return nil }
        let since = String(range.dropFirst("firstreleasedate:[".count).dropLast(" TO *]".count))
        guard ReleaseDate(iso: since) != nil else { return nil }
        return (Set(artistIDs), since)
    }
}
