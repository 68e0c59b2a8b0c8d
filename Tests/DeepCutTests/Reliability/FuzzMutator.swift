import Foundation

@testable import DeepCutFixtures

/// Seeded mutation of real inputs: bit flips, interesting bytes, truncation, range deletion and
/// duplication, random and structural insertions, and splices with other samples. The same seed
/// gives the same inputs, so a failure in CI replays exactly.
struct FuzzMutator {
    private var random: SplitMix64
    private let corpus: [[UInt8]]

    init(seed: UInt64, corpus: [Data]) {
        random = SplitMix64(seed: seed)
        self.corpus = corpus.map { Array($0) }
    }

    /// Bytes parsers treat specially: quotes, escapes, brackets, markup, controls, UTF-8 lead and
    /// continuation bytes, surrogate leads.
    private static let interestingBytes: [UInt8] = [
        0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x26, 0x27, 0x2C, 0x2D, 0x30, 0x3A, 0x3B, 0x3C, 0x3E, 0x5B, 0x5C,
        0x5D, 0x7B, 0x7D, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xED, 0xEF, 0xF0, 0xF4, 0xF8, 0xFE, 0xFF
    ]

    /// Fragments that cross JSON, CSV, XML and date grammars at their edges.
    private static let tokens: [[UInt8]] = [
        "\"", "\\", "\\u", "\\u0000", "\\ud800", "\\udfff\\ud800", "[", "]", "{", "}", "[[[[[[[[", "{\"a\":", ",", ":", "\"\"",
        "null", "true", "-0", "1e999", "-1e-999", "99999999999999999999999", "0.000000000000000000001", "NaN",
        "\r\n", "\n\"", "\"\"\"", ",,,,", "<", ">", "&", "&amp;", "&#0;", "&#x110000;", "&bogus;", "]]>", "<![CDATA[",
        "<!--", "-->", "<!DOCTYPE x [<!ENTITY e \"eeeeeeeeee\">]>", "<dict>", "</dict>", "<key>Tracks</key>",
        "<key>Album</key><string>", "<integer>", "</string>", "<?xml version=\"1.0\"?>", "<plist version=\"1.0\">",
        "T", "Z", "+25:00", "-00-00", "9999-12-31", "0000", "99999", "\u{202E}", "\u{FEFF}", "é", "🎸"
    ].map { Array($0.utf8) }

    /// One to four mutations of `seed`.
    mutating func mutate(_ seed: Data) -> Data {
        var bytes = Array(seed)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            mutateOnce(&bytes)
        }
        return Data(bytes)
    }

    private mutating func position(in bytes: [UInt8], inclusive: Bool = false) -> Int {
        let upper = bytes.count + (inclusive ? 1 : 0)
        return upper == 0 ? 0 : Int.random(in: 0..<upper, using: &random)
    }

    private mutating func mutateOnce(_ bytes: inout [UInt8]) {
        switch Int.random(in: 0..<9, using: &random) {
        case 0 where !bytes.isEmpty:
            bytes[position(in: bytes)] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        case 1 where !bytes.isEmpty:
            bytes[position(in: bytes)] = Self.interestingBytes.randomElement(using: &random)!
        case 2:
            bytes.removeLast(bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random))
        case 3 where !bytes.isEmpty:
            let start = position(in: bytes)
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...64, using: &random)))
        case 4:
            let count = Int.random(in: 1...16, using: &random)
            bytes.insert(
                contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }, at: position(in: bytes, inclusive: true))
        case 5, 6:
            bytes.insert(contentsOf: Self.tokens.randomElement(using: &random)!, at: position(in: bytes, inclusive: true))
        case 7 where !bytes.isEmpty:
            // Duplicate a range, sometimes many times: repeated structure, deeper nesting, longer strings.
            let start = position(in: bytes)
            let chunk = Array(bytes[start..<min(bytes.count, start + Int.random(in: 1...256, using: &random))])
            let repeats = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 2...2_000, using: &random) : 1
            bytes.insert(contentsOf: (0..<repeats).flatMap { _ in chunk }, at: position(in: bytes, inclusive: true))
        case 8 where !corpus.isEmpty:
            let other = corpus.randomElement(using: &random)!
            let cut = other.isEmpty ? 0 : Int.random(in: 0..<other.count, using: &random)
            bytes = Array(bytes.prefix(position(in: bytes, inclusive: true))) + other[cut...]
        default:
            bytes.append(Self.interestingBytes.randomElement(using: &random)!)
        }
    }
}
