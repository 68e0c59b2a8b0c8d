import Foundation

/// The email channel's RFC 5322 message: `multipart/alternative` with a text/plain and a text/html
/// part (UTF-8, base64, so no line is too long and no dot starts one), an RFC 2047 Subject, a Date,
/// and a Message-ID derived from the digest's dedupe key so a repeat is recognisably the same mail.
struct MailMessage {
    var from: String
    var to: [String]
    /// RFC 5322 display names by address; the sender without one is "deepcut".
    var displayNames: [String: String] = [:]
    var subject: String
    var date: Date
    /// Anything stable; hashed into the Message-ID and the boundary.
    var dedupeKey: String
    var plain: String
    var html: String

    /// `<hex@sender's domain>`, the same for the same dedupe key.
    var messageID: String {
        let domain = from.split(separator: "@").last.map(String.init) ?? "deepcut"
        return "<\(SHA256.hex(SHA256.hash(Array(dedupeKey.utf8))).prefix(32))@\(domain)>"
    }

    /// Base64's alphabet has no `=_`, so the boundary cannot occur inside a part.
    var boundary: String { "=_deepcut_" + SHA256.hex(SHA256.hash(Array(("boundary:" + dedupeKey).utf8))).prefix(24) }

    /// RFC 5322's date, always in English and UTC.
    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    /// `Name <address>` for a name of plain words, `"Name, Jr." <address>` (RFC 5322 quoted-string,
    /// `"` and `\` escaped) for any other ASCII name,
    /// `=?UTF-8?B?…?= <address>` (RFC 2047 encoded-words) for any other.
    static func mailbox(_ name: String, _ address: String) -> String {
        let isPlain = name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F }
        guard isPlain else { return "\(EncodedWord.encode(name)) <\(address)>" }
        // Words of RFC 5322 atext need no quotes (`deepcut <…>`); anything else (a comma, a dot) does.
        let atext = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: " !#$%&'*+-/=?^_`{|}~"))
        if !name.isEmpty, name.unicodeScalars.allSatisfy(atext.contains), name.first != " ", name.last != " " {
            return "\(name) <\(address)>"
        }
        let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(quoted)\" <\(address)>"
    }

    /// The whole message, CRLF line ends.
    var rendered: Data {
        var lines = [
            "From: " + Self.mailbox(displayNames[from] ?? "deepcut", from),
            "To: " + to.map { address in displayNames[address].map { Self.mailbox($0, address) } ?? address }.joined(separator: ", "),
            "Subject: " + EncodedWord.encode(subject, separator: "\r\n "),
            "Date: " + Self.dateText(date),
            "Message-ID: " + messageID,
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
            "This is a MIME message: a plain-text and an HTML version of the same digest."
        ]
        for (type, text) in [("text/plain", plain), ("text/html", html)] {
            lines += [
                "--\(boundary)", "Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", "",
                Data(text.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
            ]
        }
        lines.append("--\(boundary)--")
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }
}
