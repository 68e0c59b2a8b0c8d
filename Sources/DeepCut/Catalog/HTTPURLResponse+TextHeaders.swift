import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPURLResponse {
    /// The header fields as plain strings; URLSession types them `[AnyHashable: Any]`.
    var textHeaders: [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in allHeaderFields {
            guard let name = name as? String else { continue }
            headers[name] = value as? String ?? String(describing: value)
        }
        return headers
    }
}
