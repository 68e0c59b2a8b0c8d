import Foundation

/// A failure the fixture server injects into requests about one artist, to prove the client survives it.
///
/// In JSON it is one flat object, e.g. `{"kind": "rateLimited", "retryAfter": "30", "on": "lookup", "times": 2}`.
package struct Fault: Sendable, Hashable {
    package var kind: FaultKind
    /// Which requests about the artist fail.
    package var on: FaultScope
    /// Fail only the first `times` matching requests, then answer normally; nil fails every one.
    package var times: Int?

    package init(_ kind: FaultKind, on: FaultScope = .any, times: Int? = nil) {
        self.kind = kind
        self.on = on
        self.times = times
    }
}

/// The requests a fault applies to.
package enum FaultScope: String, Sendable, Hashable, Codable, CaseIterable {
    case search
    case lookup
    case any

    func covers(_ operation: CatalogOperation) -> Bool {
        switch self {
        case .any: true
        case .search: operation == .search
        case .lookup: operation == .lookup
        }
    }
}

/// What a catalog request asks for, in every API's terms: find an artist, or list an artist's releases.
enum CatalogOperation: Sendable, Hashable {
    case search
    case lookup
}

/// A flat JSON shape (`kind` plus that kind's fields) so fixture files stay easy to write by hand.
extension Fault: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, code, body, base64, retryAfter, milliseconds, location, contentLength, on, times
    }

    private enum KindName: String, Codable {
        case status, rateLimited, forbiddenEmpty, serviceUnavailable, hang, truncate, malformed, body, reset, latency, redirect,
            streamedBody
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind: FaultKind =
            switch try container.decode(KindName.self, forKey: .kind) {
            case .status:
                .status(
                    code: try container.decode(Int.self, forKey: .code),
                    body: try container.decodeIfPresent(String.self, forKey: .body))
            case .rateLimited: .rateLimited(retryAfter: try container.decodeIfPresent(String.self, forKey: .retryAfter))
            case .forbiddenEmpty: .forbiddenEmpty
            case .serviceUnavailable:
                .serviceUnavailable(retryAfter: try container.decodeIfPresent(String.self, forKey: .retryAfter))
            case .hang: .hang
            case .truncate: .truncate
            case .malformed: .malformed
            case .body:
                .body(bytes: try Self.bytes(base64: try container.decode(String.self, forKey: .base64), in: container))
            case .reset: .reset
            case .latency: .latency(milliseconds: try container.decode(Int.self, forKey: .milliseconds))
            case .redirect: .redirect(location: try container.decode(String.self, forKey: .location))
            case .streamedBody: .streamedBody(contentLength: try container.decodeIfPresent(Int.self, forKey: .contentLength))
            }
        if case .status(let code, _) = kind, !(100...599).contains(code) {
            throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "not an HTTP status: \(code)")
        }
        let times = try container.decodeIfPresent(Int.self, forKey: .times)
        if let times, times < 0 {
            throw DecodingError.dataCorruptedError(forKey: .times, in: container, debugDescription: "times must not be negative")
        }
        self.init(kind, on: try container.decodeIfPresent(FaultScope.self, forKey: .on) ?? .any, times: times)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch kind {
        case .status(let code, let body):
            try container.encode(KindName.status, forKey: .kind)
            try container.encode(code, forKey: .code)
            try container.encodeIfPresent(body, forKey: .body)
        case .rateLimited(let retryAfter):
            try container.encode(KindName.rateLimited, forKey: .kind)
            try container.encodeIfPresent(retryAfter, forKey: .retryAfter)
        case .forbiddenEmpty: try container.encode(KindName.forbiddenEmpty, forKey: .kind)
        case .serviceUnavailable(let retryAfter):
            try container.encode(KindName.serviceUnavailable, forKey: .kind)
            try container.encodeIfPresent(retryAfter, forKey: .retryAfter)
        case .hang: try container.encode(KindName.hang, forKey: .kind)
        case .truncate: try container.encode(KindName.truncate, forKey: .kind)
        case .malformed: try container.encode(KindName.malformed, forKey: .kind)
        case .body(let bytes):
            try container.encode(KindName.body, forKey: .kind)
            try container.encode(Data(bytes).base64EncodedString(), forKey: .base64)
        case .reset: try container.encode(KindName.reset, forKey: .kind)
        case .latency(let milliseconds):
            try container.encode(KindName.latency, forKey: .kind)
            try container.encode(milliseconds, forKey: .milliseconds)
        case .redirect(let location):
            try container.encode(KindName.redirect, forKey: .kind)
            try container.encode(location, forKey: .location)
        case .streamedBody(let contentLength):
            try container.encode(KindName.streamedBody, forKey: .kind)
            try container.encodeIfPresent(contentLength, forKey: .contentLength)
        }
        try container.encode(on, forKey: .on)
        try container.encodeIfPresent(times, forKey: .times)
    }

    /// A `body` fault's bytes travel as base64, so a fixture file can hold any bytes at all.
    private static func bytes(base64: String, in container: KeyedDecodingContainer<CodingKeys>) throws -> [UInt8] {
        guard let data = Data(base64Encoded: base64) else {
            throw DecodingError.dataCorruptedError(forKey: .base64, in: container, debugDescription: "not base64")
        }
        return Array(data)
    }
}
