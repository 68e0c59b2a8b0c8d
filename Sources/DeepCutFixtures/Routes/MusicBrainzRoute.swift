import DeepCutCore
import Foundation

/// MusicBrainz WS/2: `GET /ws/2/artist?query=…` (search), `GET /ws/2/release-group?artist=MBID` (browse,
/// paged by `offset`/`limit`) and `GET /ws/2/release-group?query=arid:…` (search, `MusicBrainzRoute+Search.swift`), JSON only, in MusicBrainz's shapes (see `Tests/Samples/musicbrainz_*.json`).
/// Ids are the catalog's numeric ids as UUIDs (`MusicBrainzID`).
///
/// Stricter than the real service on one point: a User-Agent without a `( contact )` is refused with 403,
/// so tests prove the client names itself as MusicBrainz asks.
struct MusicBrainzRoute: FixtureRoute {
    static let contentType = "application/json; charset=utf-8"
    static let defaultLimit = 25
    static let maximumLimit = 100

    let artists: [FixtureArtist]
    /// `searchFolded` names, parallel to `artists`.
    let foldedNames: [String]
    let artistIndexByMBID: [String: Int]

    init(catalog: FixtureCatalog) {
        artists = catalog.artists
        foldedNames = catalog.artists.map(\.name.searchFolded)
        artistIndexByMBID = Dictionary(
            catalog.artists.enumerated().map { (MusicBrainzID.mbid(for: $1.id), $0) },
            uniquingKeysWith: { first, _ in first })
    }

    func plan(for request: LoopbackRequest) -> RoutePlan? {
        guard request.path.hasPrefix("/ws/2/") else { return nil }
        guard Self.namesAContact(request.headers["user-agent"]) else {
            return Self.error(
                "User-Agent must name the application and a contact: 'app/1.0 ( me@example.org )'",
                status: 403, route: "musicbrainz.forbidden")
        }
        let route = "musicbrainz.\(request.path.dropFirst("/ws/2/".count))"
        guard let parameters = request.queryParameters else { return Self.error("Invalid query.", status: 400, route: route) }
        guard parameters["fmt"] == "json" else {
            return Self.error("The fixture serves fmt=json only.", status: 406, route: route)
        }
        guard let limit = Self.count(parameters["limit"], fallback: Self.defaultLimit, maximum: Self.maximumLimit),
            let offset = Int(parameters["offset"] ?? "0"), offset >= 0
        else {
            return Self.error("Invalid limit or offset.", status: 400, route: route)
        }
        switch request.path {
        case "/ws/2/artist": return searchPlan(query: parameters["query"] ?? "", limit: limit, offset: offset)
        case "/ws/2/release-group" where parameters["query"] != nil:
            return releaseGroupSearchPlan(query: parameters["query"] ?? "", limit: limit, offset: offset)
        case "/ws/2/release-group": return browsePlan(parameters, limit: limit, offset: offset)
        case "/ws/2/release" where parameters["artist"] != nil: return releaseBrowsePlan(parameters, limit: limit, offset: offset)
        case "/ws/2/release": return releaseTracksPlan(parameters)
        default: return Self.error("Not Found", status: 404, route: "musicbrainz.notFound")
        }
    }

    /// `name/version ( contact )`, the form MusicBrainz's etiquette asks for.
    private static func namesAContact(_ userAgent: String?) -> Bool {
        guard let userAgent, let open = userAgent.firstIndex(of: "("), let close = userAgent.lastIndex(of: ")"),
            open < close
        else { return false }
        let product = userAgent[..<open].trimmingCharacters(in: .whitespaces)
        let contact = userAgent[userAgent.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        return product.contains("/") && !contact.isEmpty
    }

    /// MusicBrainz's error shape: `{"error": "…", "help": "…"}`.
    static func error(_ message: String, status: Int, route: String) -> RoutePlan {
        let body = FixtureJSON.object([
            ("error", .string(message)),
            ("help", .string("For usage, please see: https://musicbrainz.org/development/mmd"))
        ])
        return RoutePlan(name: route, response: LoopbackResponse(status: status, contentType: contentType, body: body.text))
    }

    static func ok(route: String, operation: CatalogOperation, artistIDs: [String], _ body: FixtureJSON) -> RoutePlan {
        RoutePlan(
            name: route, operation: operation, artistIDs: artistIDs,
            response: LoopbackResponse(status: 200, contentType: contentType, body: body.text))
    }
}

extension MusicBrainzRoute {
    /// `artist?query=artist:"name"` (or bare text): artists whose name contains the phrase, ignoring case
    /// and diacritics; exact matches first with score 100. `disambiguation` is left out, as MusicBrainz
    /// does when an artist has none.
    func searchPlan(query: String, limit: Int, offset: Int) -> RoutePlan {
        let phrase = Self.phrase(in: query)
        guard !phrase.isEmpty else { return Self.error("Invalid query.", status: 400, route: "musicbrainz.artist") }
        let folded = phrase.searchFolded
        let matches = foldedNames.indices.filter { foldedNames[$0].contains(folded) && artists[$0].isInMusicBrainz }
        let exact = matches.filter { foldedNames[$0] == folded }
        let ranked = exact + matches.filter { foldedNames[$0] != folded }
        let shown = ranked.dropFirst(offset).prefix(limit).map { index in
            let artist = artists[index]
            return FixtureJSON.object([
                ("id", .string(MusicBrainzID.mbid(for: artist.id))), ("type", .string("Group")),
                ("score", .number(foldedNames[index] == folded ? 100 : 80)),
                ("name", .string(artist.name)), ("sort-name", .string(artist.name))
            ])
        }
        let body = FixtureJSON.object([
            ("created", .string("2026-01-01T00:00:00.000Z")), ("count", .number(ranked.count)),
            ("offset", .number(offset)), ("artists", .array(shown))
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

extension MusicBrainzRoute {
    /// `release-group?artist=MBID[&type=album|ep|single][&release-group-status=website-default|all][&limit=N][&offset=M]`:
    /// one page of the artist's
    /// release groups in catalog order, with `release-group-count` over all pages. `type` filters primary
    /// types, so `album` includes compilations (primary type Album, secondary type Compilation).
    func browsePlan(_ parameters: [String: String], limit: Int, offset: Int) -> RoutePlan {
        let route = "musicbrainz.release-group"
        let mbid = parameters["artist"] ?? ""
        guard MusicBrainzID.isUUIDShaped(mbid) else { return Self.error("Invalid mbid.", status: 400, route: route) }
        guard let artist = musicBrainzArtist(mbid) else { return Self.error("Not Found", status: 404, route: route) }
        let types = parameters["type"].map { Set($0.split(separator: "|").map { $0.lowercased() }) }
        // MBS-12047: `website-default` hides the groups whose releases are all promotions, bootlegs
        // or pseudo-releases, as the artist's page does; `all` (or no parameter) shows every group.
        let websiteDefault: Bool
        switch parameters["release-group-status"] {
        case nil, "all": websiteDefault = false
        case "website-default": websiteDefault = true
        default: return Self.error("Invalid release-group-status.", status: 400, route: route)
        }
        let listed = artist.musicBrainzReleases.filter { release in
            (types?.contains(Self.primaryType(release.type).lowercased()) ?? true)
                && (!websiteDefault || (release.musicBrainzStatus ?? .official) == .official)
        }
        let credits = (parameters["inc"] ?? "").split(whereSeparator: { $0 == "+" || $0 == " " }).contains("artist-credits")
        let page = listed.dropFirst(offset).prefix(limit).map { Self.releaseGroup($0, of: artist, credits: credits) }
        let body = FixtureJSON.object([
            ("release-group-count", .number(listed.count)), ("release-group-offset", .number(offset)),
            ("release-groups", .array(page))
        ])
        return Self.ok(route: route, operation: .lookup, artistIDs: [artist.id], body)
    }

    /// The artist with this MBID, if MusicBrainz knows it.
    func musicBrainzArtist(_ mbid: String) -> FixtureArtist? {
        artistIndexByMBID[mbid.lowercased()].map { artists[$0] }.flatMap { $0.isInMusicBrainz ? $0 : nil }
    }

    static func primaryType(_ type: RecordingType) -> String {
        switch type {
        case .album, .compilation: "Album"
        case .ep: "EP"
        case .single: "Single"
        }
    }

    /// One release group; with `inc=artist-credits`, its `artist-credit` (the release's credited
    /// artist, or the listing artist), as one name.
    static func releaseGroup(_ release: FixtureRelease, of artist: FixtureArtist, credits: Bool) -> FixtureJSON {
        var secondary: [FixtureJSON] = release.type == .compilation ? [.string("Compilation")] : []
        for type in release.secondaryTypes ?? [] {
            switch type {
            case .live: secondary.append(.string("Live"))
            case .remix: secondary.append(.string("Remix"))
            case .soundtrack: secondary.append(.string("Soundtrack"))
            case .demo: secondary.append(.string("Demo"))
            case .appearance: break  // Told by the credit, not a type.
            }
        }
        var fields: [(String, FixtureJSON)] = []
        if credits { fields.append(("artist-credit", artistCredit(release, of: artist))) }
        return .object(
            fields + [
                ("disambiguation", .string("")),
                ("first-release-date", .string(release.releaseDate.description)),
                ("id", .string(MusicBrainzID.mbid(for: release.id))),
                ("primary-type", .string(primaryType(release.type))),
                ("secondary-types", .array(secondary)),
                ("title", .string(release.title))
            ])
    }
}

extension MusicBrainzRoute {
    /// A release's or group's `artist-credit`: the release's credited artist, or the listing artist, as one name.
    static func artistCredit(_ release: FixtureRelease, of artist: FixtureArtist) -> FixtureJSON {
        let name = release.artistName ?? artist.name
        return .array([
            .object([
                ("name", .string(name)), ("joinphrase", .string("")),
                (
                    "artist",
                    .object([
                        ("id", .string(MusicBrainzID.mbid(for: release.artistID ?? artist.id))), ("name", .string(name)),
                        ("sort-name", .string(name))
                    ])
                )
            ])
        ])
    }
}

extension MusicBrainzRoute {
    /// `release?release-group=MBID&inc=recordings[&limit=N]`: the group's one release with its
    /// medium and tracks (`title`, `length` in milliseconds), as MusicBrainz browses releases.
    func releaseTracksPlan(_ parameters: [String: String]) -> RoutePlan {
        let route = "musicbrainz.release"
        let mbid = (parameters["release-group"] ?? "").lowercased()
        guard MusicBrainzID.isUUIDShaped(mbid) else { return Self.error("Invalid mbid.", status: 400, route: route) }
        guard let (artist, release) = artists.release(where: { $0.isInMusicBrainz && MusicBrainzID.mbid(for: $0.id) == mbid }) else {
            return Self.error("Not Found", status: 404, route: route)
        }
        let tracks = ITunesRoute.tracks(of: release).enumerated().map { number, track -> FixtureJSON in
            .object([
                ("number", .string(String(number + 1))), ("position", .number(number + 1)), ("title", .string(track.title)),
                ("length", track.seconds.map { .number($0 * 1000 + 417) } ?? .null)
            ])
        }
        let medium = FixtureJSON.object([
            ("position", .number(1)), ("format", .string("Digital Media")),
            ("track-count", .number(tracks.count)), ("tracks", .array(tracks))
        ])
        let body = FixtureJSON.object([
            ("release-count", .number(1)), ("release-offset", .number(0)),
            (
                "releases",
                .array([
                    .object([
                        ("id", .string(MusicBrainzID.release(of: release.id))), ("title", .string(release.title)),
                        ("media", .array([medium]))
                    ])
                ])
            )
        ])
        return Self.ok(route: route, operation: .lookup, artistIDs: [artist.id], body)
    }
}

/// The fixture catalog's numeric ids (up to 32 digits) as MusicBrainz-shaped UUIDs: the digits, zero-padded to 32,
/// grouped 8-4-4-4-12 (`900000001` → `00000000-0000-0000-0000-000900000001`). Deterministic, so one catalog
/// serves every API, and the numeric id stays readable in the MBID.
enum MusicBrainzID {
    static func mbid(for numericID: String) -> String {
        let digits = String(repeating: "0", count: max(0, 32 - numericID.count)) + numericID
        var groups: [Substring] = []
        var rest = Substring(digits)
        for length in [8, 4, 4, 4, 12] {
            groups.append(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
        return groups.joined(separator: "-")
    }

    /// The MBID of the one release in the group of the fixture release `numericID`.
    static func release(of numericID: String) -> String {
        mbid(for: numericID + "1")
    }

    /// True for `8-4-4-4-12` hex groups, the only form MusicBrainz accepts (it answers 400 otherwise).
    static func isUUIDShaped(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}
