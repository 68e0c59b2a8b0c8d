import DeepCutCore
import Foundation

/// Renders a snapshot as JSON Feed 1.1 (`feed.json`). Completeness travels in the `_deepcut`
/// extension object, so a reader can tell a partial feed from an empty one. Text is cleaned by
/// `DisplayText`, since readers pour it into XML and HTML.
///
/// Written as a stream (`JSONStreamWriter`), keys in sorted order, so the bytes are those
/// `OutputJSON.encode` gave when the feed was an `Encodable` value.
enum JSONFeedRenderer {
    /// The whole document; Publish streams it into the file with `write(_:to:)` instead.
    /// - Parameter install: the install's id for the item ids (`FeedIdentity`); nil for the legacy form.
    static func render(_ snapshot: Snapshot, links: FeedLinks? = nil, install: String? = nil, limit: Int = .max) throws -> Data {
        var text = ""
        write(snapshot, links: links, install: install, limit: limit, to: &text)
        return Data(text.utf8)
    }

    /// - Parameter limit: how many of the newest entries the feed holds (`publish.feedEntries`);
    ///   announcements of upcoming releases are all kept.
    static func write<Stream: TextOutputStream>(
        _ snapshot: Snapshot, links: FeedLinks? = nil, install: String? = nil, limit: Int = .max, to stream: inout Stream
    ) {
        var json = JSONStreamWriter(stream)
        let shown = snapshot.entries.prefix(limit)
        json.beginObject()
        json.beginObject("_deepcut")
        json.bool("complete", snapshot.complete)
        json.string("generatedAt", Timestamp.string(snapshot.generatedAt))
        json.strings("incompleteArtists", snapshot.incompleteArtists.map { DisplayText.field($0) })
        json.string("runID", snapshot.runID.rawValue)
        // Only in a feed cut short: how many entries the snapshot holds in all.
        if shown.count < snapshot.entries.count { json.integer("totalEntries", snapshot.entries.count) }
        json.endObject()
        json.beginArray("authors")
        author(FeedIdentity.author, to: &json)
        json.endArray()
        json.string("description", FeedSummary.line(snapshot, shown: shown.count))
        json.string("feed_url", ifPresent: links?.jsonFeed)
        json.string("home_page_url", ifPresent: links?.home)
        json.beginArray("items")
        let answers = snapshot.answers
        for entry in shown {
            item(
                entry, id: FeedIdentity.entryID(provider: snapshot.provider, releaseID: entry.id, install: install),
                title: EntryContent.title(entry), announcing: false, availability: Availability(entry, answers: answers), to: &json)
        }
        for entry in snapshot.upcoming ?? [] {
            item(
                entry, id: FeedIdentity.announcementID(provider: snapshot.provider, releaseID: entry.id, install: install),
                title: EntryContent.announcementTitle(entry), announcing: true, availability: Availability(entry, answers: answers),
                to: &json)
        }
        json.endArray()
        json.string("language", "en")
        json.string("title", FeedIdentity.title)
        json.string("version", "https://jsonfeed.org/version/1.1")
        json.endObject()
        stream = json.finish()
    }

    private static func item<Stream>(
        _ entry: FeedEntry, id: String, title: String, announcing: Bool, availability: Availability,
        to json: inout JSONStreamWriter<Stream>
    ) {
        json.beginObject()
        // JSON Feed 1.1 "Extensions": keys that start with an underscore are the publisher's own.
        if !availability.isEmpty { extensionObject(availability, to: &json) }
        json.beginArray("authors")
        author(DisplayText.field(entry.artist), to: &json)
        json.endArray()
        json.string("content_html", EntryContent.html(entry, availability: availability))
        json.string("content_text", EntryContent.text(entry, availability: availability))
        // When the title or release date last changed in the feed, like Atom's `updated`.
        json.string("date_modified", ifPresent: entry.updatedAt.map(Timestamp.string))
        json.string("date_published", EntryContent.published(entry))
        json.string("id", id)
        json.string("image", ifPresent: WebLink.http(entry.artworkURL))
        json.strings(
            "tags",
            [entry.type.rawValue] + entry.secondaryTypes.map(\.rawValue) + (announcing ? [PublishedFeed.upcomingTag] : [])
                + EntryContent.flagTerms(availability).map(\.term))
        json.string("title", title)
        json.string("url", ifPresent: WebLink.http(entry.url))
        json.endObject()
    }

    /// The item's `_deepcut` object: every listing (source, storefront, id, link, date) and the two
    /// flags, with the storefronts missing it and the Harmony link when they apply. Keys sorted.
    private static func extensionObject<Stream>(_ availability: Availability, to json: inout JSONStreamWriter<Stream>) {
        json.beginObject("_deepcut")
        json.string("harmonyURL", ifPresent: availability.harmonyURL)
        json.beginArray("listings")
        for listing in availability.stores + (availability.musicBrainz.map { [$0] } ?? []) {
            json.beginObject()
            json.string("id", listing.id)
            json.string("provider", listing.provider)
            json.string("releaseDate", ifPresent: listing.releaseDate?.description)
            json.string("source", listing.source)
            json.string("storefront", ifPresent: listing.storefront)
            json.string("url", ifPresent: WebLink.http(listing.url))
            json.endObject()
        }
        json.endArray()
        if availability.isRegionLocked { json.strings("missingStorefronts", availability.missingStorefronts) }
        json.bool("notInMusicBrainz", availability.isNotInMusicBrainz)
        json.bool("regionLocked", availability.isRegionLocked)
        json.endObject()
    }

    private static func author<Stream>(_ name: String, to json: inout JSONStreamWriter<Stream>) {
        json.beginObject()
        json.string("name", name)
        json.endObject()
    }
}
