import DeepCutCore

/// Renders a snapshot as an Atom 1.0 feed (`feed.atom`), through `XMLWriter` so hostile catalog
/// text can never break the document. Entry ids match the JSON Feed's. The feed-level author
/// satisfies RFC 4287's rule that every entry have one; each entry also names its artist.
enum AtomRenderer {
    /// - Parameter install: the install's id for the entry ids (`FeedIdentity`); nil for the legacy form.
    static func render(_ snapshot: Snapshot, links: FeedLinks? = nil, install: String? = nil, limit: Int = .max) -> String {
        var text = ""
        write(snapshot, links: links, install: install, limit: limit, to: &text)
        return text
    }

    /// Streams the feed: Publish writes it into the file as it is rendered.
    /// - Parameter limit: how many of the newest entries the feed holds (`publish.feedEntries`);
    ///   announcements of upcoming releases are all kept.
    static func write<Stream: TextOutputStream>(
        _ snapshot: Snapshot, links: FeedLinks? = nil, install: String? = nil, limit: Int = .max, to stream: inout Stream
    ) {
        var xml = XMLWriter(stream)
        let shown = snapshot.entries.prefix(limit)
        xml.start("feed", ["xmlns": "http://www.w3.org/2005/Atom", "xml:lang": "en"])
        xml.element("id", [:], FeedIdentity.feedID(install: install))
        xml.element("title", [:], FeedIdentity.title)
        xml.element("subtitle", [:], FeedSummary.line(snapshot, shown: shown.count))
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
        let answers = snapshot.answers
        for entry in shown {
            write(
                entry, id: FeedIdentity.entryID(provider: snapshot.provider, releaseID: entry.id, install: install),
                title: EntryContent.title(entry), availability: Availability(entry, answers: answers), to: &xml)
        }
        for entry in snapshot.upcoming ?? [] {
            write(
                entry, id: FeedIdentity.announcementID(provider: snapshot.provider, releaseID: entry.id, install: install),
                title: EntryContent.announcementTitle(entry), availability: Availability(entry, answers: answers), to: &xml)
        }
        xml.end()
        stream = xml.finish()
    }

    private static func write<Stream>(
        _ entry: FeedEntry, id: String, title: String, availability: Availability, to xml: inout XMLWriter<Stream>
    ) {
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
        // RFC 4287 §4.2.2: `term` names the category, `label` is for people; one per availability flag.
        for flag in EntryContent.flagTerms(availability) {
            xml.element("category", ["term": flag.term, "label": flag.label])
        }
        xml.element("content", ["type": "html"], EntryContent.html(entry, availability: availability))
        xml.end()
    }
}

/// A tiny writer for well-formed XML: element names come from our code, every attribute value and
/// text goes through `MarkupText.escape`, and elements close in order. Writes to a stream as it goes.
struct XMLWriter<Stream: TextOutputStream> {
    private var stream: Stream
    private var open: [String] = []

    init(_ stream: Stream) {
        self.stream = stream
        self.stream.write("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
    }

    /// Opens an element that will hold other elements.
    mutating func start(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        stream.write(indent + "<" + name + Self.render(attributes) + ">\n")
        open.append(name)
    }

    /// Closes the innermost open element.
    mutating func end() {
        let name = open.removeLast()
        stream.write(indent + "</" + name + ">\n")
    }

    /// A complete element with text content, or empty (`<link .../>`) when `content` is nil.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ content: String? = nil) {
        if let content {
            stream.write(indent + "<" + name + Self.render(attributes) + ">" + MarkupText.escape(content) + "</" + name + ">\n")
        } else {
            stream.write(indent + "<" + name + Self.render(attributes) + "/>\n")
        }
    }

    /// The stream, the document written; every element must be closed.
    mutating func finish() -> Stream {
        precondition(open.isEmpty, "unclosed XML elements: \(open)")
        return stream
    }

    private var indent: String { String(repeating: "  ", count: open.count) }

    private static func render(_ attributes: KeyValuePairs<String, String>) -> String {
        attributes.map { " \($0.key)=\"\(MarkupText.escape($0.value))\"" }.joined()
    }
}
