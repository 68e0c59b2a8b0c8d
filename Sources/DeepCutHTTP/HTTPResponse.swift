import Foundation

/// What a server answered, whatever the status: deciding what a status means is the requester's job.
package struct HTTPResponse: Sendable, Hashable {
    var status: Int
    var headers: [String: String]
    var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header, matched case-insensitively as HTTP field names are.
    func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
