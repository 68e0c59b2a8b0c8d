import DeepCutCore

/// How one feed entry reads in every rendering: the same title, summary and HTML in the JSON Feed,
/// the Atom feed and the page. Third-party text goes through `DisplayText`, markup through
/// `MarkupText.escape`, and only http(s) links are emitted.
enum EntryContent {
    /// "Artist — Title", cleaned and cut to a sensible length.
    static func title(_ entry: FeedEntry) -> String {
        "\(DisplayText.field(entry.artist)) — \(DisplayText.field(entry.title))"
    }

    static func typeLabel(_ type: RecordingType) -> String {
        switch type {
        case .album: "Album"
        case .ep: "EP"
        case .single: "Single"
        case .compilation: "Compilation"
        }
    }

    /// The type as a person says it: "Album", "Live album", "Remix EP", "Soundtrack", "Live
    /// soundtrack", "Demo single"; an appearance leads with "Appears on" ("Appears on · Compilation").
    static func typeLabel(_ entry: FeedEntry) -> String {
        let secondary = Set(entry.secondaryTypes)
        var noun = typeLabel(entry.type)
        var qualifiers = [(SecondaryType.live, "Live"), (.remix, "Remix"), (.demo, "Demo")].filter { secondary.contains($0.0) }.map(\.1)
        if secondary.contains(.soundtrack) {
            if entry.type == .album { noun = "Soundtrack" } else { qualifiers.append("Soundtrack") }
        }
        let label = qualifiers.isEmpty ? noun : (qualifiers + [noun == "EP" ? noun : noun.lowercased()]).joined(separator: " ")
        return secondary.contains(.appearance) ? "Appears on · \(label)" : label
    }

    /// RFC 3339 midnight UTC of the release day; a partial date (`2019`, `2019-06`) means its first day.
    static func timestamp(_ date: ReleaseDate) -> String {
        let day = ReleaseDate(year: date.year, month: date.month ?? 1, day: date.day ?? 1)
        return "\(day)T00:00:00Z"
    }

    /// The feeds' publication date: when the entry entered the feed (or the upcoming list), so a
    /// reader shows it once, at the moment it became news; the release day for older snapshots.
    static func published(_ entry: FeedEntry) -> String {
        entry.addedAt.map(Timestamp.string) ?? timestamp(entry.releaseDate)
    }

    /// "Coming 2026-12-05: Artist — Title": the announcement of an upcoming release.
    static func announcementTitle(_ entry: FeedEntry) -> String {
        "Coming \(entry.releaseDate): \(title(entry))"
    }

    /// An alternate's title as people read it: with its edition when the title alone does not tell
    /// it apart (`Remember That You Will Die (Clean)`).
    static func alternateTitle(_ alternate: FeedAlternate) -> String {
        DisplayText.field(alternate.title) + (alternate.edition.map { " (\(DisplayText.field($0)))" } ?? "")
    }

    /// Plain text: artist, title, type and date, the link when there is one, and where it can be
    /// heard when the run asked several catalogs.
    static func text(_ entry: FeedEntry, availability: Availability? = nil) -> String {
        var lines = [title(entry), "\(typeLabel(entry)), released \(entry.releaseDate)"]
        if let url = WebLink.http(entry.url) { lines.append(url) }
        if !entry.alternates.isEmpty {
            lines.append("Also: " + entry.alternates.map(alternateTitle).joined(separator: "; "))
        }
        if let summary = availability?.summary { lines.append(summary) }
        if let harmony = availability?.harmonyURL { lines.append("Add it to MusicBrainz: \(harmony)") }
        return lines.joined(separator: "\n")
    }

    /// An HTML fragment (already escaped) for feed readers: artwork, artist, title, type, date, link,
    /// the other editions when there are any, and where it can be heard when the run asked several catalogs.
    static func html(_ entry: FeedEntry, availability: Availability? = nil) -> String {
        var html = ""
        if let artwork = WebLink.http(entry.artworkURL) {
            html +=
                "<p><img src=\"\(MarkupText.escape(artwork))\" alt=\"\(MarkupText.escape("Cover of " + title(entry)))\" width=\"300\"></p>"
        }
        html +=
            "<p><strong>\(MarkupText.escape(DisplayText.field(entry.artist)))</strong> — \(MarkupText.escape(DisplayText.field(entry.title)))</p>"
        html += "<p>\(typeLabel(entry)), released \(entry.releaseDate)</p>"
        if let url = WebLink.http(entry.url) {
            html += "<p><a href=\"\(MarkupText.escape(url))\">Open in the catalog</a></p>"
        }
        if !entry.alternates.isEmpty {
            html += "<p>Also: " + entry.alternates.map(alternateHTML).joined(separator: "; ") + "</p>"
        }
        if let availability, !availability.isEmpty { html += availabilityHTML(availability) }
        return html
    }

    /// "Listed in iTunes US and iTunes JP", each linked to its store page, then a line per flag.
    static func availabilityHTML(_ availability: Availability) -> String {
        var names = availability.stores.map { listingHTML($0) }
        if let musicBrainz = availability.musicBrainz { names.append(listingHTML(musicBrainz)) }
        var html = "<p>Listed in \(Availability.list(names))</p>"
        if availability.isRegionLocked {
            html += "<p>Region-locked: not in \(MarkupText.escape(missingStorefronts(availability)))</p>"
        }
        if availability.isNotInMusicBrainz {
            html +=
                availability.harmonyURL.map {
                    "<p>Not in MusicBrainz yet: <a href=\"\(MarkupText.escape($0))\">add it through Harmony</a></p>"
                }
                ?? "<p>Not in MusicBrainz yet</p>"
        }
        return html
    }

    /// A listing's name ("iTunes JP"), linked to its page when that is an http(s) URL.
    static func listingHTML(_ listing: SourceListing) -> String {
        let name = MarkupText.escape(DisplayText.field(Availability.name(listing), limit: 40))
        guard let url = WebLink.http(listing.url) else { return name }
        return "<a href=\"\(MarkupText.escape(url))\">\(name)</a>"
    }

    /// "GB, FR": the storefronts that answered without listing the release.
    static func missingStorefronts(_ availability: Availability) -> String {
        availability.missingStorefronts.map { $0.uppercased() }.joined(separator: ", ")
    }

    /// The flags as feed categories and tags: `region-locked`, `not-in-musicbrainz`.
    static func flagTerms(_ availability: Availability) -> [(term: String, label: String)] {
        (availability.isRegionLocked ? [(regionLockedTerm, "Region-locked")] : [])
            + (availability.isNotInMusicBrainz ? [(notInMusicBrainzTerm, "Not in MusicBrainz yet")] : [])
    }

    static let regionLockedTerm = "region-locked"
    static let notInMusicBrainzTerm = "not-in-musicbrainz"

    /// An alternate edition's title, linked when it has an http(s) link.
    static func alternateHTML(_ alternate: FeedAlternate) -> String {
        let title = MarkupText.escape(alternateTitle(alternate))
        guard let url = WebLink.http(alternate.url) else { return title }
        return "<a href=\"\(MarkupText.escape(url))\">\(title)</a>"
    }
}
