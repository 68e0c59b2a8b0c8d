/// The Diff stage: catalog releases minus owned minus dismissed, wanted types only, inside the
/// window, one entry per release family, newest first. Pure, so it is tested without fixtures.
///
/// Owned and dismissed are matched by `MatchKey` sets, so an owned standard edition hides the
/// deluxe, and dismissing any member of a family hides the family.
package struct Diff: Sendable {
    package var types: TypeSelection
    package var windowDays: Int
    package var newBy: NewBy
    /// Per-artist rules, variant hiding, genre and label exclusions; `none` by default.
    package var filters: ReleaseFilters

    package init(types: TypeSelection, windowDays: Int, newBy: NewBy = .release, filters: ReleaseFilters = .none) {
        self.types = types
        self.windowDays = windowDays
        self.newBy = newBy
        self.filters = filters
    }

    /// Primary types only: secondary ones by the legacy rule (all but `appearance`).
    package init(wantedTypes: Set<RecordingType>, windowDays: Int, newBy: NewBy = .release) {
        self.init(types: TypeSelection(primary: wantedTypes), windowDays: windowDays, newBy: newBy)
    }

    /// - Parameters:
    ///   - releases: every release the sweep fetched.
    ///   - owned: album keys of the user's library.
    ///   - dismissed: album keys the user marked "Not interested" (legacy keys included).
    ///   - muted: artists the user muted (`MutedArtists`): every release crediting one is left out.
    ///   - today: days since 1970-01-01 (UTC) of the run; the window is `[today - windowDays, today]`.
    ///   - discovered: release id → day it first appeared in its artist's catalog (after the artist's first check).
    ///   - ownedIDs: catalog ids known to be owned: named by the library (beets' `mb_releasegroupid`,
    ///     owned exactly, on top of the title key, as beets itself matches them) or shown by track
    ///     lists to be editions of an owned album (`TrackEvidence`).
    ///   - ownedYears: the year of each owned album the library dates: a single or EP of an owned
    ///     album's name is the album's only when dated within two years of it (`MatchKeyIndex`).
    ///   - explaining: the release ids whose drop reason `FeedDiff.reasons` keeps (the change set
    ///     asks only about the baseline's entries); nil keeps every release's. The counts are whole either way.
    package func callAsFunction(
        releases: [Release], owned: Set<AlbumKey>, dismissed: Set<AlbumKey>, muted: MutedArtists = MutedArtists(), today: Int,
        discovered: [String: Int] = [:], ownedIDs: Set<String> = [], ownedYears: [AlbumKey: Int] = [:],
        explaining: Set<String>? = nil
    ) -> FeedDiff {
        self(
            chunks: [releases], owned: owned, dismissed: dismissed, muted: muted, today: today, discovered: discovered,
            ownedIDs: ownedIDs, ownedYears: ownedYears, explaining: explaining)
    }

    /// The same diff over releases in several lists, read in order as one (the sweep's answers,
    /// artist by artist, never copied into one list: `ConsideredReleases`).
    package func callAsFunction(
        chunks: [[Release]], owned: Set<AlbumKey>, dismissed: Set<AlbumKey>, muted: MutedArtists = MutedArtists(), today: Int,
        discovered: [String: Int] = [:], ownedIDs: Set<String> = [], ownedYears: [AlbumKey: Int] = [:],
        explaining: Set<String>? = nil
    ) -> FeedDiff {
        var keyCache = MatchKeyCache()
        let ownedKeys = MatchKeyIndex(owned, years: ownedYears, cache: &keyCache)
        let dismissedKeys = MatchKeyIndex(dismissed, datesShortForms: false, cache: &keyCache)
        // Read when needed, never for every release at once: a quarter million readings held
        // together were 30 MB of the run's peak (BENCHMARKS.md §4).
        let albumNames = LazyAlbumNames(chunks, asked: ownedKeys.hasAlbum(family:))
        let considered = chunks.reduce(0) { $0 + $1.count }
        // Counted by position in `allCases`: a release's reason is counted without hashing.
        var dropCounts = [Int](repeating: 0, count: DropReason.allCases.count)
        var reasons: [String: DropReason] = [:]
        reasons.reserveCapacity(explaining?.count ?? considered)
        let explains = { (id: String) in explaining?.contains(id) ?? true }
        var families: [MatchKey: [Release]] = [:]
        var upcoming: [MatchKey: [Release]] = [:]
        let oldest = today - windowDays
        let window = oldest...today
        // By index: iterating would copy every release (a retain per field) on the hot path.
        for (chunk, releases) in chunks.enumerated() {
            // A chunk's titles are read once, here; the album-name set reuses these readings.
            let readings = albumNames.readings(ofChunk: chunk)
            for index in releases.indices {
                let release = releases[index]
                let reading = readings[index]
                let family = reading.family
                let credits = keyCache.credits(of: release.artist)
                let rules = filters.rules(for: credits.all)
                let reason: DropReason?
                let isClassical = ClassicalForm.isClassical(genre: release.genre)
                let isSoundtrack = release.secondaryTypes.contains(.soundtrack) || release.genre == "Soundtrack"
                let year = release.releaseDate?.year
                if ownedIDs.contains(release.id)
                    || ownedKeys.contains(
                        reading, type: release.type, credits: credits, isClassical: isClassical, year: year, isSoundtrack: isSoundtrack,
                        albumOfNameListed: albumNames.contains(AlbumName(family: family, artist: credits.main), cache: &keyCache))
                {
                    reason = .owned
                } else if dismissedKeys.contains(reading, type: release.type, credits: credits, isClassical: isClassical, year: year) {
                    reason = .dismissed
                } else if muted.mutes(anyOf: credits.all) {
                    reason = .muted
                } else if let unwanted = typeRefusal(release, rules: rules) {
                    reason = unwanted
                } else if filters.hideVariants, VariantTitle.kind(of: release.title) != nil {
                    reason = .variant
                } else if let excluded = filters.exclusion(of: release) {
                    reason = excluded
                } else if let date = release.releaseDate {
                    if date.epochDay > today {
                        reason = .notYetReleased
                        upcoming[MatchKey(family: family, artist: credits.main), default: []].append(release)
                    } else if isNew(release, date: date, window: window, discovered: discovered, rules: rules) {
                        reason = nil
                        families[MatchKey(family: family, artist: credits.main), default: []].append(release)
                    } else {
                        reason = .outsideWindow
                    }
                } else {
                    reason = .undated
                }
                if let reason {
                    dropCounts[DropReason.allCases.firstIndex(of: reason)!] += 1
                    if explains(release.id) { reasons[release.id] = reason }
                }
            }
        }
        var dropped: [DropReason: Int] = [:]
        for (reason, count) in zip(DropReason.allCases, dropCounts) where count > 0 {
            dropped[reason] = count
        }
        let entries = families.values.map { Self.entry(folding: $0, dropped: &dropped) }.sorted(by: Self.newestFirst)
        var ignored: [DropReason: Int] = [:]
        let announced = upcoming.values.map { Self.entry(folding: $0, dropped: &ignored) }.sorted(by: Self.soonestFirst)
        for entry in entries { for alternate in entry.alternates where explains(alternate.id) { reasons[alternate.id] = .folded } }
        return FeedDiff(entries: entries, upcoming: announced, dropped: dropped, considered: considered, reasons: reasons)
    }

    /// An album's family and main credit, hashed as a pair (no key string built per release).
    struct AlbumName: Hashable {
        var family: String
        var artist: String
    }

    /// The family and main credit of every album the catalog lists: beside one, an undated owned
    /// title is not known to be the single or EP of its name (`MatchKeyIndex.contains`).
    /// - Parameter asked: whether a family can be asked about at all; the others are left out.
    static func albumNames(
        of chunks: [[Release]], asked: (String) -> Bool = { _ in true }, cache: inout MatchKeyCache
    ) -> Set<AlbumName> {
        var names: Set<AlbumName> = []
        for releases in chunks {
            for release in releases where release.type == .album || release.type == .compilation {
                let reading = TitleFamily.read(release.title)
                guard !reading.isShortForm, asked(reading.family) else { continue }
                names.insert(AlbumName(family: reading.family, artist: cache.credits(of: release.artist).main))
            }
        }
        return names
    }

    /// `albumNames`, answered a credit at a time, the first time a match asks about that credit
    /// (an owned undated title of a single's or EP's name): most diffs never ask. It holds only the
    /// families `asked` names — those of owned albums, the only ones a match asks about — and reads
    /// only the chunks that list an album of the credit asked about, with the readings the diff
    /// already made for the chunk it is in: no title is read twice (BENCHMARKS.md §4).
    /// Answers exactly what `albumNames(of:asked:cache:)`'s whole set answers.
    final class LazyAlbumNames {
        private let chunks: [[Release]]
        private let asked: (String) -> Bool
        private var names: Set<AlbumName> = []
        /// The chunks listing an album or compilation of each main credit, built on the first ask.
        private var chunksByMain: [String: [Int]]?
        /// The chunks whose albums are in `names` already.
        private var scanned: [Bool]
        /// The chunk the diff is in, and its readings.
        private var current: (chunk: Int, readings: [TitleFamily.Reading])?

        init(_ chunks: [[Release]], asked: @escaping (String) -> Bool) {
            self.chunks = chunks
            self.asked = asked
            scanned = [Bool](repeating: false, count: chunks.count)
        }

        /// Every title of chunk `chunk` read, in order; kept until the next chunk's are read.
        func readings(ofChunk chunk: Int) -> [TitleFamily.Reading] {
            current = nil
            let releases = chunks[chunk]
            var readings: [TitleFamily.Reading] = []
            readings.reserveCapacity(releases.count)
            for index in releases.indices { readings.append(TitleFamily.read(releases[index].title)) }
            current = (chunk, readings)
            return readings
        }

        func contains(_ name: AlbumName, cache: inout MatchKeyCache) -> Bool {
            if chunksByMain == nil { chunksByMain = Self.chunksByMain(chunks, cache: &cache) }
            for chunk in chunksByMain?[name.artist] ?? [] where !scanned[chunk] {
                scanned[chunk] = true
                scan(chunk, cache: &cache)
            }
            return names.contains(name)
        }

        /// Adds the album names chunk `chunk` lists, as `albumNames` would.
        private func scan(_ chunk: Int, cache: inout MatchKeyCache) {
            let releases = chunks[chunk]
            let known = current?.chunk == chunk ? current?.readings : nil
            for index in releases.indices where releases[index].type == .album || releases[index].type == .compilation {
                let reading = known?[index] ?? TitleFamily.read(releases[index].title)
                guard !reading.isShortForm, asked(reading.family) else { continue }
                names.insert(AlbumName(family: reading.family, artist: cache.credits(of: releases[index].artist).main))
            }
        }

        /// For each main credit, the chunks (in order, once each) with an album or compilation so credited.
        private static func chunksByMain(_ chunks: [[Release]], cache: inout MatchKeyCache) -> [String: [Int]] {
            var byMain: [String: [Int]] = [:]
            var artists: [String] = []
            for (chunk, releases) in chunks.enumerated() {
                artists.removeAll(keepingCapacity: true)
                for index in releases.indices where releases[index].type == .album || releases[index].type == .compilation {
                    if !artists.contains(releases[index].artist) { artists.append(releases[index].artist) }
                }
                for artist in artists {
                    let main = cache.credits(of: artist).main
                    if byMain[main]?.last != chunk { byMain[main, default: []].append(chunk) }
                }
            }
            return byMain
        }
    }

    /// An appearance is new by its release date only: the listings that bring appearances (Apple
    /// Music's view, read once they are wanted; iTunes rows kept only since they had a type) would
    /// otherwise make an artist's whole back catalog of guest spots look newly discovered.
    /// With an artist's rule (`artistRules`), its own `newBy`; a release crediting several ruled
    /// artists is new when any of their rules says so.
    private func isNew(
        _ release: Release, date: ReleaseDate, window: ClosedRange<Int>, discovered: [String: Int], rules: [ArtistRule] = []
    ) -> Bool {
        let byRelease = window.contains(date.epochDay)
        if release.secondaryTypes.contains(.appearance) { return byRelease }
        let byDiscovery = discovered[release.id].map(window.contains) ?? false
        func isNew(by rule: NewBy) -> Bool {
            switch rule {
            case .release: return byRelease
            case .discovery: return byDiscovery
            case .either: return byRelease || byDiscovery
            }
        }
        guard !rules.isEmpty else { return isNew(by: newBy) }
        return rules.contains { isNew(by: $0.newBy ?? newBy) }
    }

    /// Why the release's type keeps it out, or nil when it is wanted: the feed's `types`, or with
    /// artists' rules, theirs (any one of them wanting it keeps it: a collaboration shows in both feeds).
    func typeRefusal(_ release: Release, rules: [ArtistRule]) -> DropReason? {
        guard !rules.isEmpty else { return types.wants(release) ? nil : .unwantedType }
        if rules.contains(where: { ($0.types ?? types).wants(release) }) { return nil }
        return rules.contains { $0.types != nil } ? .artistRule : .unwantedType
    }

    /// One entry for a release family: the most complete edition, the others as alternates.
    private static func entry(folding members: [Release], dropped: inout [DropReason: Int]) -> FeedEntry {
        let ranked = members.sorted(by: EditionRank.isMoreComplete)
        let shown = ranked[0]
        // Repeats of the same id (catalogs list some twice) are not alternates.
        var seen: Set<String> = [shown.id]
        let alternates = ranked.dropFirst().filter { seen.insert($0.id).inserted }
            .map { FeedAlternate(id: $0.id, title: $0.title, url: $0.url, edition: edition(of: $0, among: ranked)) }
        if members.count > 1 { dropped[.folded, default: 0] += members.count - 1 }
        return FeedEntry(shown, releaseDate: shown.releaseDate!, alternates: alternates)
    }

    /// The label that tells `release` from the family's other editions of the same title (explicit
    /// and clean twins are separate collections with one name): "Explicit"/"Clean" when the twins
    /// differ in that, else "N tracks" when they differ in length; nil when its title is its own.
    static func edition(of release: Release, among members: [Release]) -> String? {
        let twins = members.filter { $0.id != release.id && $0.title == release.title }
        guard !twins.isEmpty else { return nil }
        if twins.contains(where: { $0.isExplicit != release.isExplicit }) { return release.isExplicit ? "Explicit" : "Clean" }
        if let tracks = release.trackCount, twins.contains(where: { $0.trackCount != tracks }) {
            return tracks == 1 ? "1 track" : "\(tracks) tracks"
        }
        return nil
    }

    /// Announcements: the soonest release first.
    package static func soonestFirst(_ a: FeedEntry, _ b: FeedEntry) -> Bool {
        if a.releaseDate != b.releaseDate { return a.releaseDate < b.releaseDate }
        if a.key != b.key { return a.key < b.key }
        return a.id < b.id
    }

    /// Newest first; ties by key, then id, so two runs over the same data agree byte for byte.
    package static func newestFirst(_ a: FeedEntry, _ b: FeedEntry) -> Bool {
        if a.releaseDate != b.releaseDate { return a.releaseDate > b.releaseDate }
        if a.key != b.key { return a.key < b.key }
        return a.id < b.id
    }
}

extension Diff {
    /// Entries already built, minus what the user has come to own or dismissed since, by the same
    /// match keys as the diff (any member of a family hides it), and the releases of artists muted
    /// since: how `dismiss`, `restore`, `library add` and `mute` bring the published feeds up to date
    /// without a sweep.
    package static func hiding(
        _ entries: [FeedEntry], owned: Set<AlbumKey>, dismissed: Set<AlbumKey>, muted: MutedArtists = MutedArtists()
    ) -> [FeedEntry] {
        var keyCache = MatchKeyCache()
        let ownedKeys = MatchKeyIndex(owned, cache: &keyCache)
        let dismissedKeys = MatchKeyIndex(dismissed, datesShortForms: false, cache: &keyCache)
        var albumNames: Set<String> = []
        for entry in entries where entry.type == .album || entry.type == .compilation {
            albumNames.insert(TitleFamily.of(entry.title) + String(AlbumKey.separator) + keyCache.credits(of: entry.artist).main)
        }
        return entries.filter { entry in
            let credits = keyCache.credits(of: entry.artist)
            if muted.mutes(anyOf: credits.all) { return false }
            let families = [entry.title] + entry.alternates.map(\.title)
            return !families.map(TitleFamily.read).contains { family in
                ownedKeys.contains(
                    family, type: entry.type, credits: credits,
                    albumOfNameListed: albumNames.contains(family.family + String(AlbumKey.separator) + credits.main))
                    || dismissedKeys.contains(family, type: entry.type, credits: credits)
            }
        }
    }
}

/// What makes a release new to the user (`feed.newBy`).
package enum NewBy: String, Sendable, Hashable, CaseIterable, Codable {
    /// Its release date is inside the window.
    case release
    /// It appeared in the artist's catalog inside the window (after the artist's first check),
    /// whatever its release date: catches old albums added to the catalog late.
    case discovery
    /// Either of the two.
    case either
}
