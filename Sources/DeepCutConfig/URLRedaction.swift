import Foundation

/// What a message may show of a configured URL: its scheme, host and port. The rest can be a
/// secret (`smtp://me:PASSWORD@relay`, an ntfy topic, a monitoring check's UUID, a webhook's token
/// in its path or query), so a config error names the key and the URL's origin, never the value whole.
package enum URLRedaction {
    /// `'smtp://…@relay:587/…'`, quoted: userinfo, path, query and fragment replaced by an ellipsis,
    /// so the reader sees that they were there. A value without a host shows its scheme at most.
    package static func shown(_ text: String) -> String {
        let components = URLComponents(string: text)
        guard let components, let scheme = components.scheme, !scheme.isEmpty else {
            return "a value with no scheme (not shown: it may hold a secret)"
        }
        guard let host = components.host, !host.isEmpty else { return "'\(scheme):…' (no host)" }
        var shown = "\(scheme)://"
        if components.user != nil || components.password != nil { shown += "…@" }
        shown += host
        if let port = components.port { shown += ":\(port)" }
        let hasMore = !(components.path.isEmpty || components.path == "/") || components.query != nil || components.fragment != nil
        return "'" + shown + (hasMore ? "/…" : "") + "'"
    }
}
