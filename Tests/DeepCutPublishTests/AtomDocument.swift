import Foundation

@testable import DeepCutCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An Atom document parsed back with FoundationXML: element text by path (`feed/entry/title`),
/// every `<link>`'s attributes by path, and entries as path-keyed dictionaries.
final class AtomDocument: NSObject, XMLParserDelegate {
    private(set) var root: String?
    private(set) var values: [String: [String]] = [:]
    private(set) var links: [String: [[String: String]]] = [:]
    /// One dictionary per `<entry>`: child path below the entry (`author/name`) → texts.
    private(set) var entries: [[String: [String]]] = []
    private var path: [String] = []
    private var text = ""

    /// - Throws: the parser's error when the document is not well-formed XML.
    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if root == nil { root = elementName }
        path.append(elementName)
        text = ""
        if elementName == "entry" { entries.append([:]) }
        if elementName == "link" { links[path.joined(separator: "/"), default: []].append(attributes) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let joined = path.joined(separator: "/")
        values[joined, default: []].append(text)
        if let entry = path.firstIndex(of: "entry"), path.count > entry + 1 {
            entries[entries.count - 1][path[(entry + 1)...].joined(separator: "/"), default: []].append(text)
        }
        path.removeLast()
        text = ""
    }
}
