import DeepCutCore

/// Renders a snapshot as an Atom 1.0 feed (`feed.atom`), through `XMLWriter` so hostile catalog
/// text can never break the document. Entry ids match the JSON Feed's. The feed-level author
/// satisfies RFC 4287's rule that every entry have one; each entry also names its artist.
enum AtomRenderer {
    /// - Parameter install: the install's id for the entry ids (`FeedIdentity`); nil for the legacy form.
    static func render(_ snapshot: Snapshot, links: FeedLinks? = nil, install: String? = nil) -> String {
        var xml = XMLWriter()
        xml.start("feed", ["xmlns": "http://www.w3.org/2005/Atom", "xml:lang": "en"])
        xml.element("id", [:], FeedIdentity.feedID(install: install))
        xml.element("title", [:], FeedIdentity.title)
        xml.element("subtitle", [:], FeedSummary.line(snapshot))
        xml.element("updated", [:], Timestamp.string(snapshot.generatedAt))
        // Without `publish.baseURL` the links are relative references (RFC 4287 §4.2.7.1 allows any
        // IRI reference; a reader resolves them against where it fetched the feed), so the feed
        // always names itself as validators and readers expect.
        xml.element("link", ["rel": "self", "type": "application/atom+xml", "href": links?.atomFeed ?? "feed.atom"])
        xml.element("link", ["rel": "alternate", "type": "text/html", "href": links?.home ?? "index.html"])
        xml.start("author")
        xml.element("name", [:], FeedIdentity.author)
        xml.end()
        xml.element("generator", [:], FeedIdentity.generator)
        for entry in snapshot.entries {
            write(
                entry, id: FeedIdentity.entryID(provider: snapshot.provider, releaseID: entry.id, install: install),
                title: EntryContent.title(entry), to: &xml)
        }
        for entry in snapshot.upcoming ?? [] {
            write(
                entry, id: FeedIdentity.announcementID(provider: snapshot.provider, releaseID: entry.id, install: install),
                title: EntryContent.announcementTitle(entry), to: &xml)
        }
        xml.end()
        return xml.document
    }

    private static func write(_ entry: FeedEntry, id: String, title: String, to xml: inout XMLWriter) {
        let date = EntryContent.published(entry)
        xml.start("entry")
        xml.element("id", [:], id)
        xml.element("title", [:], title)
        // `updated` moves when the entry's title or release date changed since it entered the feed.
        xml.element("updated", [:], entry.updatedAt.map(Timestamp.string) ?? date)
        xml.element("published", [:], date)
        xml.start("author")
        xml.element("name", [:], DisplayText.field(entry.artist))
        xml.end()
        if let url = WebLink.http(entry.url) {
            xml.element("link", ["rel": "alternate", "type": "text/html", "href": url])
        }
        xml.element("category", ["term": entry.type.rawValue, "label": EntryContent.typeLabel(entry)])
        for secondary in entry.secondaryTypes {
            xml.element("category", ["term": secondary.rawValue])
        }
        xml.element("content", ["type": "html"], EntryContent.html(entry))
        xml.end()
    }
}

/// A tiny writer for well-formed XML: element names come from our code, every attribute value and
/// text goes through `MarkupText.escape`, and elements close in order.
struct XMLWriter {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    private var open: [String] = []

    /// Opens an element that will hold other elements.
    mutating func start(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += indent + "<" + name + Self.render(attributes) + ">\n"
        open.append(name)
    }

    /// Closes the innermost open element.
    mutating func end() {
        let name = open.removeLast()
        text += indent + "</" + name + ">\n"
    }

    /// A complete element with text content, or empty (`<link .../>`) when `content` is nil.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ content: String? = nil) {
        if let content {
            text += indent + "<" + name + Self.render(attributes) + ">" + MarkupText.escape(content) + "</" + name + ">\n"
        } else {
            text += indent + "<" + name + Self.render(attributes) + "/>\n"
        }
    }

    /// The document; every element must be closed.
    var document: String {
        precondition(open.isEmpty, "unclosed XML elements: \(open)")
        return text
    }

    private var indent: String { String(repeating: "  ", count: open.count) }

    private static func render(_ attributes: KeyValuePairs<String, String>) -> String {
        attributes.map { " \($0.key)=\"\(MarkupText.escape($0.value))\"" }.joined()
    }
}
