import Foundation

extension AppleMusicToken {
    /// The developer token's expiry: its JWT payload's `exp` (Unix seconds; Apple accepts at most six
    /// months ahead). nil when the token is not a three-part JWT or its payload holds no numeric
    /// `exp`: "expiry unknown", never an error, since only Apple decides whether it is accepted.
    /// Only the payload is read; the signature is Apple's to check. The token itself is never shown.
    package var expiresAt: Date? {
        Self.expiry(ofJWT: value)
    }

    static func expiry(ofJWT token: String) -> Date? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Self.base64URLDecoded(parts[1]) else { return nil }
        let claims: JSONValue
        do {
            claims = try JSONParser.parse(payload)
        } catch {
            return nil  // A payload that is not JSON carries no expiry: "unknown", as documented.
        }
        switch claims["exp"] {
        case .integer(let seconds)?: return Date(timeIntervalSince1970: Double(seconds))
        case .number(let seconds)?: return Date(timeIntervalSince1970: seconds)
        default: return nil
        }
    }

    /// base64url (RFC 4648 §5) without padding, as JWTs write it.
    private static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
