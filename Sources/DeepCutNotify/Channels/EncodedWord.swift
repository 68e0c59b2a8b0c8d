import Foundation

/// RFC 2047 encoded-words (`=?UTF-8?B?…?=`) for a header that must stay ASCII: the email's Subject
/// and ntfy's Title (ntfy decodes them since 2.4.0). ASCII text is returned as it is.
enum EncodedWord {
    /// Bytes of UTF-8 per word: 45 bytes are 60 base64 characters, so a word stays within RFC 2047's 75.
    private static let bytesPerWord = 45

    /// The words, separated by `separator` (a space for one line, CRLF + space to fold a mail header).
    static func encode(_ text: String, separator: String = " ") -> String {
        guard !text.unicodeScalars.contains(where: { !$0.isASCII || $0.value < 0x20 || $0.value == 0x7F }) else {
            return words(text).joined(separator: separator)
        }
        return text
    }

    /// Whole characters per word: a word never splits a character's bytes, which decoders would garble.
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > bytesPerWord, !chunk.isEmpty {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words
    }

    private static func word(_ bytes: [UInt8]) -> String { "=?UTF-8?B?\(Data(bytes).base64EncodedString())?=" }
}
