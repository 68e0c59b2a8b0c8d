import Foundation

@testable import DeepCutCore
@testable import DeepCutSQLite

/// A catalog answer built to hurt: served with status 200 by the fixture's `body` fault, and what
/// the sweep must make of it.
struct HostilePayload: Sendable, CustomStringConvertible {
    enum Expected: Sendable, Equatable {
        /// A `decoding` failure for that artist (the status when the body arrived, nil when it was refused unread).
        case decodingFailure(httpStatus: Int?)
        /// Fetched, every release kept but its unusable date dropped.
        case undatedReleases(count: Int)
    }

    var name: String
    var bytes: [UInt8]
    var expected: Expected

    var description: String { name }

    /// Whether the artist ends the sweep failed (rather than fetched).
    var failsTheArtist: Bool {
        if case .decodingFailure = expected { return true }
        return false
    }

    init(_ name: String, _ text: String, expected: Expected = .decodingFailure(httpStatus: 200)) {
        self.init(name, bytes: Array(text.utf8), expected: expected)
    }

    init(_ name: String, bytes: [UInt8], expected: Expected = .decodingFailure(httpStatus: 200)) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
    }

    /// Payloads that hurt any JSON API alike.
    static let generic: [HostilePayload] = [
        HostilePayload("empty body", ""),
        HostilePayload("null", "null"),
        HostilePayload("an HTML error page", "<html><body>Service Unavailable</body></html>"),
        HostilePayload("wrong top-level type", "[1, 2, 3]"),
        HostilePayload("truncated JSON", #"{"resultCount": 2, "results": [{"wrapperType": "artist", "artistId": 50"#),
        HostilePayload("100,000 nested arrays", String(repeating: "[", count: 100_000)),
        HostilePayload("100,000 nested objects", String(repeating: #"{"a":"#, count: 100_000)),
        HostilePayload("NUL bytes", bytes: [0x7B, 0x00, 0x00, 0x7D]),
        // Refused from its Content-Length alone, before a byte of it is read.
        HostilePayload(
            "a 50 MB body", bytes: Array(#"{"results": ["#.utf8) + [UInt8](repeating: 0x20, count: 50 << 20) + Array("]}".utf8),
            expected: .decodingFailure(httpStatus: nil))
    ]

    /// Invalid UTF-8 (a stray continuation byte, an overlong form, a lone surrogate) inside a string
    /// the decoder must read: `shape` is the answer with `@@` where the bytes go.
    static func invalidUTF8(_ shape: String) -> HostilePayload {
        let parts = shape.components(separatedBy: "@@")
        let bad: [UInt8] = [0x41, 0xFF, 0xFE, 0xC3, 0x28, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x42]
        return HostilePayload("invalid UTF-8", bytes: Array(parts[0].utf8) + bad + Array(parts[1].utf8))
    }

    /// iTunes lookup answers with the right envelope and poisoned fields.
    static let iTunesLookup: [HostilePayload] = {
        func body(_ collection: String) -> String {
            #"{"resultCount": 2, "results": [{"wrapperType": "artist", "artistId": 42, "artistName": "Someone"}, "#
                + #"{"wrapperType": "collection", "artistName": "Someone", \#(collection)}]}"#
        }
        return [
            HostilePayload("results missing", #"{"resultCount": 0}"#),
            HostilePayload("results of the wrong type", #"{"resultCount": 1, "results": {"wrapperType": "artist"}}"#),
            HostilePayload("a row without wrapperType", #"{"results": [{"collectionId": 1, "collectionName": "X"}]}"#),
            HostilePayload("collectionId missing", body(#""collectionName": "Album""#)),
            HostilePayload("collectionName missing", body(#""collectionId": 77"#)),
            HostilePayload("collectionName a number", body(#""collectionId": 77, "collectionName": 12"#)),
            HostilePayload("collectionId not a number", body(#""collectionId": "77a", "collectionName": "Album""#)),
            HostilePayload("collectionId a fraction", body(#""collectionId": 77.5, "collectionName": "Album""#)),
            HostilePayload("collectionId beyond Int64", body(#""collectionId": 99999999999999999999999, "collectionName": "Album""#)),
            HostilePayload("artistId a string", #"{"results": [{"wrapperType": "artist", "artistId": "x42"}]}"#),
            HostilePayload("releaseDate an object", body(#""collectionId": 77, "collectionName": "Album", "releaseDate": {"y": 2026}"#)),
            HostilePayload(
                "year 99999", body(#""collectionId": 77, "collectionName": "Album", "releaseDate": "99999-01-01T07:00:00Z""#),
                expected: .undatedReleases(count: 1)),
            HostilePayload(
                "date 0000-00-00", body(#""collectionId": 78, "collectionName": "Album", "releaseDate": "0000-00-00""#),
                expected: .undatedReleases(count: 1)),
            HostilePayload(
                "date -2026-13-45", body(#""collectionId": 79, "collectionName": "Album", "releaseDate": "-2026-13-45T99:99:99Z""#),
                expected: .undatedReleases(count: 1))
        ]
    }()
}
