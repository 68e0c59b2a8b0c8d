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
