import Foundation

/// What a message may show of a configured URL: its scheme, host and port. The rest can be a
/// secret (`smtp://me:PASSWORD@relay`, an ntfy topic, a monitoring check's UUID, a webhook's token
/// in its path or query), so a config error names the key and the URL's origin, never the value whole.
package enum URLRedaction {
    /// `smtp://…@relay:587/…`: userinfo, path, query and fragment replaced by an ellipsis, so the
    /// reader sees that they were there; a value that is not a URL with a host is not shown at all.
    package static func shown(_ text: String) -> String {
        guard let components = URLComponents(string: text), let scheme = components.scheme, let host = components.host,
            !host.isEmpty
        else { return "a value that is not a URL with a host (not shown: it may hold a secret)" }
        var shown = "\(scheme)://"
        if components.user != nil || components.password != nil { shown += "…@" }
        shown += host
        if let port = components.port { shown += ":\(port)" }
        let hasMore = !(components.path.isEmpty || components.path == "/") || components.query != nil || components.fragment != nil
        return shown + (hasMore ? "/…" : "")
    }
}
