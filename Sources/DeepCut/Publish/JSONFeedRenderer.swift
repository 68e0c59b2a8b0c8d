import Foundation
import DeepCutCore

/// Renders a snapshot as JSON Feed 1.1 (`feed.json`). Completeness travels in the `_deepcut`
/// extension object, so a reader can tell a partial feed from an empty one. Text is cleaned of the
/// characters XML forbids, since readers pour it into XML and HTML.
enum JSONFeedRenderer {
    static func render(_ snapshot: Snapshot) throws -> Data {
        try OutputJSON.encode(Document(snapshot))
    }

    private struct Document: Encodable {
        let version = "https://jsonfeed.org/version/1.1"
        let title = FeedIdentity.title
        let description: String
        let authors = [Author(name: FeedIdentity.author)]
        let items: [Item]
        let deepcut: Extension

        init(_ snapshot: Snapshot) {
            description = FeedSummary.line(snapshot)
            items = snapshot.entries.map { Item($0, provider: snapshot.provider) }
            deepcut = Extension(runID: snapshot.runID.rawValue, generatedAt: Timestamp.string(snapshot.generatedAt),
                                complete: snapshot.complete, incompleteArtists: snapshot.incompleteArtists.map(MarkupText.clean))
        }

        enum CodingKeys: String, CodingKey {
            case version, title, description, authors, items
            case deepcut = "_deepcut"
        }
    }

    private struct Item: Encodable {
        let id: String
        let title: String
        let contentText: String
        let contentHTML: String
        let url: String?
        let image: String?
        let datePublished: String
        let authors: [Author]
        let tags: [String]

        init(_ entry: FeedEntry, provider: String) {
            id = FeedIdentity.entryID(provider: provider, releaseID: entry.id)
            title = MarkupText.clean(EntryContent.title(entry))
            contentText = MarkupText.clean(EntryContent.text(entry))
            contentHTML = EntryContent.html(entry)
            url = WebLink.http(entry.url)
            image = WebLink.http(entry.artworkURL)
            datePublished = EntryContent.timestamp(entry.releaseDate)
            authors = [Author(name: MarkupText.clean(entry.artist))]
            tags = [entry.type.rawValue]
        }

        enum CodingKeys: String, CodingKey {
            case id, title, url, image, authors, tags
            case contentText = "content_text"
            case contentHTML = "content_html"
            case datePublished = "date_published"
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
