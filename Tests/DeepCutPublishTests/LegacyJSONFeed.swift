import DeepCutCore
import Foundation

@testable import DeepCutPublish

/// The JSON Feed as it was encoded before it was streamed (an `Encodable` document through
/// `OutputJSON.encode`), kept as the reference `JSONFeedRenderer` must equal byte for byte.
enum LegacyJSONFeed {
    static func render(_ snapshot: Snapshot, links: FeedLinks? = nil, install: String? = nil) throws -> Data {
        try OutputJSON.encode(Document(snapshot, links: links, install: install))
    }

    private struct Document: Encodable {
        let version = "https://jsonfeed.org/version/1.1"
        let title = FeedIdentity.title
        let homePageURL: String?
        let feedURL: String?
        let description: String
        let language = "en"
        let authors = [Author(name: FeedIdentity.author)]
        let items: [Item]
        let deepcut: Extension

        init(_ snapshot: Snapshot, links: FeedLinks?, install: String?) {
            homePageURL = links?.home
            feedURL = links?.jsonFeed
            description = FeedSummary.line(snapshot)
            items =
                snapshot.entries.map { Item($0, provider: snapshot.provider, install: install) }
                + (snapshot.upcoming ?? []).map { Item(announcing: $0, provider: snapshot.provider, install: install) }
            deepcut = Extension(
                runID: snapshot.runID.rawValue, generatedAt: Timestamp.string(snapshot.generatedAt),
                complete: snapshot.complete, incompleteArtists: snapshot.incompleteArtists.map { DisplayText.field($0) })
        }

        enum CodingKeys: String, CodingKey {
            case version, title, description, language, authors, items
            case homePageURL = "home_page_url"
            case feedURL = "feed_url"
            case deepcut = "_deepcut"
        }
    }

    private struct Item: Encodable {
        var id: String
        var title: String
        let contentText: String
        let contentHTML: String
        let url: String?
        let image: String?
        let datePublished: String
        /// When the title or release date last changed in the feed, like Atom's `updated`.
        let dateModified: String?
        let authors: [Author]
        var tags: [String]

        init(_ entry: FeedEntry, provider: String, install: String?) {
            id = FeedIdentity.entryID(provider: provider, releaseID: entry.id, install: install)
            title = EntryContent.title(entry)
            contentText = EntryContent.text(entry)
            contentHTML = EntryContent.html(entry)
            url = WebLink.http(entry.url)
            image = WebLink.http(entry.artworkURL)
            datePublished = EntryContent.published(entry)
            dateModified = entry.updatedAt.map(Timestamp.string)
            authors = [Author(name: DisplayText.field(entry.artist))]
            tags = [entry.type.rawValue] + entry.secondaryTypes.map(\.rawValue)
        }

        init(announcing entry: FeedEntry, provider: String, install: String?) {
            self.init(entry, provider: provider, install: install)
            id = FeedIdentity.announcementID(provider: provider, releaseID: entry.id, install: install)
            title = EntryContent.announcementTitle(entry)
            tags = [entry.type.rawValue] + entry.secondaryTypes.map(\.rawValue) + [PublishedFeed.upcomingTag]
        }

        enum CodingKeys: String, CodingKey {
            case id, title, url, image, authors, tags
            case contentText = "content_text"
            case contentHTML = "content_html"
            case datePublished = "date_published"
            case dateModified = "date_modified"
        }
    }

    private struct Author: Encodable {
        let name: String
    }

    private struct Extension: Encodable {
        let runID: String
        let generatedAt: String
        let complete: Bool
        let incompleteArtists: [String]
    }
}
