import Foundation

extension ChannelConfig.EmailSettings {
    /// The sendmail used when `transport` is `sendmail` and no `sendmailPath` is given.
    package static let defaultSendmailPath = "/usr/sbin/sendmail"

    /// Reads an `email` channel's keys: `transport` (`smtp`, the default, or `sendmail`), `server`
    /// (smtp), `sendmailPath` (sendmail), `tls` (`required`, the default, or `none`: only to a
    /// loopback relay and only without credentials), `from` and `to` (`me@example.org` or
    /// `"Zoë" <zoe@example.org>`), `username`, `passwordFile`, `caFile`.
    init(_ object: inout ConfigObject, folder: URL) throws {
        let transportField = object.optional("transport")
        let transportName = try transportField?.oneOf(TransportName.self) ?? .smtp
        let from = try object.required("from").mailbox()
        let to = try object.required("to").nonEmptyArray().map { try $0.mailbox() }
        var names: [String: String] = [:]
        for mailbox in [from] + to { if let name = mailbox.name { names[mailbox.address] = name } }
        let serverField = object.optional("server")
        let sendmailField = object.optional("sendmailPath")
        let tlsField = object.optional("tls")
        let username = try object.optional("username")?.nonEmptyString()
        let passwordField = object.optional("passwordFile")
        let passwordFile = try passwordField?.path(relativeTo: folder)
        if let passwordField, username == nil { throw passwordField.failure("needs 'username' (the login the password is for)") }
        let caFile = try object.optional("caFile")?.path(relativeTo: folder)
        switch transportName {
        case .sendmail:
            if let serverField { throw serverField.failure("goes with transport 'smtp'; sendmail needs no server") }
            if let tlsField { throw tlsField.failure("goes with transport 'smtp'") }
            if let passwordField { throw passwordField.failure("goes with transport 'smtp'") }
            let path = try sendmailField?.path(relativeTo: folder) ?? URL(fileURLWithPath: Self.defaultSendmailPath)
            self.init(
                server: nil, from: from.address, to: to.map(\.address), caFile: caFile, displayNames: names, transport: .sendmail(path))
        case .smtp:
            if let sendmailField { throw sendmailField.failure("goes with transport 'sendmail'") }
            let server = try Self.server(try serverField ?? object.required("server"))
            let tls = try tlsField?.oneOf(TLSName.self) ?? .required
            if tls == .none, let tlsField {
                guard server.scheme?.lowercased() == "smtp", Self.isLoopback(server.host ?? "") else {
                    throw tlsField.failure("'none' is only for a relay on this machine (smtp://localhost, 127.0.0.1, ::1)")
                }
                guard username == nil else {
                    throw tlsField.failure("'none' never sends credentials in the clear: remove 'username' and 'passwordFile'")
                }
            }
            self.init(
                server: server, from: from.address, to: to.map(\.address), username: username, passwordFile: passwordFile,
                caFile: caFile, displayNames: names, transport: .smtp(requireTLS: tls == .required))
        }
    }

    private enum TransportName: String, CaseIterable {
        case smtp, sendmail
    }

    private enum TLSName: String, CaseIterable {
        case required, none
    }

    private static func server(_ field: ConfigField) throws -> URL {
        let server = try field.string()
        guard let url = URL(string: server), ["smtp", "smtps"].contains(url.scheme?.lowercased()), let host = url.host, !host.isEmpty,
            url.user == nil, url.password == nil
        else {
            throw field.failure(
                "expected smtp://host:587 or smtps://host:465 (no credentials: 'username' and 'passwordFile'), got \(URLRedaction.shown(server))"
            )
        }
        return url
    }

    /// `localhost`, `127.0.0.0/8` or `::1`: a relay on this machine, where clear text never crosses a network.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}

/// One RFC 5322 mailbox from the config: a bare address, or a display name and an address in angle
/// brackets (`Zoë <zoe@example.org>`, `"Doe, Jane" <jane@example.org>`).
struct ConfigMailbox {
    var name: String?
    var address: String
}

extension ConfigField {
    /// A bare address (`me@example.org`): one `@` with text either side, nothing that would break a
    /// header or an SMTP command.
    fileprivate static func isAddress(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
            && !address.unicodeScalars.contains(where: {
                $0.value <= 0x20 || "<>()[],;:\"\\".unicodeScalars.contains($0) || $0.value == 0x7F
            })
    }

    fileprivate func mailbox() throws -> ConfigMailbox {
        let text = try string().trimmingCharacters(in: .whitespaces)
        let expected = "expected an address like me@example.org or \"Name\" <me@example.org>, got '\(text)'"
        guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else {
            guard Self.isAddress(text) else { throw failure(expected) }
            return ConfigMailbox(name: nil, address: text)
        }
        let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        var name = text[..<open].trimmingCharacters(in: .whitespaces)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            name = String(name.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(
                of: "\\\\", with: "\\")
        }
        // A name never breaks a header line: no control characters (CR, LF), no stray brackets.
        guard Self.isAddress(address), !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "<" })
        else { throw failure(expected) }
        return ConfigMailbox(name: name.isEmpty ? nil : name, address: address)
    }
}
