import DeepCutCore
import Foundation

/// A published feed snapshot (`schemaVersion` 1): `snapshots/RUNID.json`, `current.json` and, when
/// complete, `latest.json`. Field names are the SPEC's contract with downstream tools.
package struct Snapshot: Sendable, Hashable, Codable {
    package static let schemaVersion = 1

    package var schemaVersion: Int
    package var runID: RunID
    package var generatedAt: Date
    /// True only when every artist had a definite answer; only such a snapshot becomes the baseline.
    package var complete: Bool
    package var provider: String
    package var artists: ArtistCounts
    /// Artists that failed or were skipped, whose releases may be missing.
    package var incompleteArtists: [String]
    /// Newest first, one per album key. However entries enter (built, stamped, filtered), they are
    /// made safe for downstream tools here (see `FeedEntry.published`); decoding keeps a file as it is.
    package var entries: [FeedEntry] {
        didSet { entries = entries.map(\.published) }
    }
    /// Wanted releases dated after the run, soonest first; they enter `entries` on release day.
    /// Additive (absent in older snapshots).
    package var upcoming: [FeedEntry]? {
        didSet { upcoming = upcoming?.map(\.published) }
    }
    /// What changed since the previous complete snapshot. Additive (absent in older snapshots).
    package var changes: ChangeSet?
    /// Each configured source's key, provider, storefront, status this run and counts, when the
    /// config names several catalogs. Additive (absent with one catalog, and in older snapshots).
    package var sources: [SourceStatus]?

    package init(
        runID: RunID, generatedAt: Date, complete: Bool, provider: String, artists: ArtistCounts,
        incompleteArtists: [String], entries: [FeedEntry]
    ) {
        self.schemaVersion = Self.schemaVersion
        self.runID = runID
        self.generatedAt = generatedAt
        self.complete = complete
        self.provider = provider
        self.artists = artists
        self.incompleteArtists = incompleteArtists
        self.entries = entries.map(\.published)
    }

    /// The snapshot of a sweep that got at least one answer. A failed sweep has no snapshot.
    ///
    package init(runID: RunID, generatedAt: Date, sweep: SweepOutcome, diff: FeedDiff) {
        self.init(
            runID: runID, generatedAt: generatedAt, complete: sweep.status == .complete, provider: sweep.provider,
            artists: sweep.counts, incompleteArtists: sweep.incompleteArtists.map(FeedEntry.plainText), entries: diff.entries)
        upcoming = diff.upcoming
    }
}

extension SourceStatus {
    /// The catalog in its storefront this status is about.
    package var catalogSource: CatalogSource { CatalogSource(key: key, provider: provider, storefront: storefront) }
}

extension Snapshot {
    /// Which sources answered, for whom: what the availability rules read (`Availability`). A failed
    /// or unreachable source answered for no one; a partial one for every artist but its incomplete ones.
    package var answers: SourceAnswers {
        let answering = (sources ?? []).filter { $0.status == .complete || $0.status == .partial }
        var unanswered: [String: Set<String>] = [:]
        for source in answering where source.status == .partial {
            unanswered[source.key] = Set((source.incompleteArtists ?? incompleteArtists).map(ArtistName.normalize))
        }
        return SourceAnswers(sources: answering.map(\.catalogSource), unansweredArtists: unanswered)
    }

    /// Where the entry can be heard, as this run's answers tell it.
    package func availability(of entry: FeedEntry) -> Availability {
        Availability(entry, answers: answers)
    }

    /// Per release id (upcoming and released entries), the one-line availability summary; empty when
    /// no entry carries listings.
    var availabilitySummaries: [String: String] {
        guard hasAvailability else { return [:] }
        let answers = answers
        var summaries: [String: String] = [:]
        for entry in entries + (upcoming ?? []) {
            if let summary = Availability(entry, answers: answers).summary { summaries[entry.id] = summary }
        }
        return summaries
    }

    /// True when some entry (released or upcoming) carries listings: only then do the outputs say where.
    var hasAvailability: Bool {
        entries.contains { !$0.availability.isEmpty } || (upcoming ?? []).contains { !$0.availability.isEmpty }
    }
}

extension Snapshot {
    /// The snapshot's file bytes: stable for equal snapshots; what `write(to:)` streams.
    func encoded() throws -> Data {
        var text = ""
        try write(to: &text)
        return Data(text.utf8)
    }

    /// Streams the snapshot file's bytes (`OutputJSON`'s, through the snapshot's `Codable`
    /// conformance) into `stream`, one entry at a time: the file is never built whole.
    func write<Stream: TextOutputStream>(to stream: inout Stream) throws {
        var json = JSONStreamWriter(stream)
        try JSONStreamEncoder.write(self, to: &json)
        stream = json.finish()
    }

    /// Reads a snapshot file.
    /// - Returns: nil when there is no such file.
    /// - Throws: `OutputReadError` when the file exists but cannot be read, is torn, or is not a schema 1 snapshot.
    package static func load(from url: URL) throws -> Snapshot? {
        guard let data = try OutputJSON.read(url) else { return nil }
        let version = try OutputJSON.decode(SchemaVersionProbe.self, from: data, file: url)
        guard version.schemaVersion == Snapshot.schemaVersion else {
            throw OutputReadError(path: url.path, reason: "schemaVersion \(version.schemaVersion), expected \(Snapshot.schemaVersion)")
        }
        return try OutputJSON.decode(Snapshot.self, from: data, file: url)
    }

    /// Reads only the version, so a future schema is named as such instead of as a missing key.
    private struct SchemaVersionProbe: Decodable {
        var schemaVersion: Int
    }
}

extension Snapshot {
    /// The entry showing this release id, or folding it in as an alternate edition.
    func entry(withID id: String) -> FeedEntry? {
        entries.first { $0.id == id || $0.alternates.contains { $0.id == id } }
    }

    /// The entry (released or upcoming) a person names by what they see: the feed's item id
    /// (`tag:…/2000022`), the catalog id, or the release's URL; an alternate edition's id or URL
    /// names the entry that folds it.
    /// - Returns: the entry and the catalog id of the release named.
    package func entry(named reference: String) -> (entry: FeedEntry, releaseID: String)? {
        let id = FeedIdentity.releaseID(fromEntryID: reference, provider: provider) ?? reference
        for entry in entries + (upcoming ?? []) {
            if entry.id == id || entry.url == reference { return (entry, entry.id) }
            if let alternate = entry.alternates.first(where: { $0.id == id || $0.url == reference }) { return (entry, alternate.id) }
        }
        return nil
    }
}

extension FeedEntry {
    /// The entry as snapshots carry it: links only when they are http(s) URLs (a `javascript:` or
    /// `data:` URL becomes no link), and titles and names without the characters every renderer
    /// drops — control characters (tab and line breaks excepted, as XML allows them) and bidi
    /// overrides — so a downstream tool reads what the feeds show. Nothing is cut: length is the
    /// renderers' concern. Ids and keys stay verbatim: they are identifiers (the key's U+001F is its separator).
    var published: FeedEntry {
        var entry = self
        entry.title = Self.plainText(title)
        entry.artist = Self.plainText(artist)
        entry.artworkURL = Self.largerArtwork(WebLink.http(artworkURL))
        entry.url = WebLink.http(url)
        entry.alternates = alternates.map {
            FeedAlternate(id: $0.id, title: Self.plainText($0.title), url: WebLink.http($0.url), edition: $0.edition.map(Self.plainText))
        }
        entry.availability = availability.map { listing in
            var listing = listing
            listing.url = WebLink.http(listing.url)
            return listing
        }
        return entry
    }

    /// Artwork the page shows 300 px wide (600 on a 2× screen): iTunes' thumbnails name their size in
    /// the last path segment (`…/100x100bb.jpg`) and the same address serves any other, so a
    /// `NxNbb` name becomes `600x600bb`. Any other link stays as it is.
    static let artworkSize = 600

    /// Parsed by hand: a regex literal here was built again for every entry and cost more than the
    /// rest of publishing (BENCHMARKS.md §4).
    static func largerArtwork(_ url: String?) -> String? {
        guard let url, let slash = url.lastIndex(of: "/") else { return url }
        let name = url[url.index(after: slash)...]
        guard let dot = name.firstIndex(of: "."), name[..<dot].hasSuffix("bb") else { return url }
        let sides = name[..<dot].dropLast(2).split(separator: "x", omittingEmptySubsequences: false)
        let fileExtension = name[name.index(after: dot)...]
        guard ["jpg", "jpeg", "png", "webp"].contains(fileExtension), sides.count == 2,
            sides.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy { ("0"..."9").contains($0) } })
        else { return url }
        return url[...slash] + "\(artworkSize)x\(artworkSize)bb." + fileExtension
    }

    package static func plainText(_ text: String) -> String {
        DisplayText.field(text, limit: .max)
    }
}
