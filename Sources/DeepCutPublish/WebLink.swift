import Foundation

/// The only links a rendered page or feed may carry: absolute `http` or `https` URLs with a host.
/// Catalog data is third-party; a `javascript:` or `data:` URL must never become a clickable link.
enum WebLink {
    /// - Returns: `text` when it is such a URL, else nil.
    static func http(_ text: String?) -> String? {
        guard let text, !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }),
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty
        else { return nil }
        return text
    }
}
