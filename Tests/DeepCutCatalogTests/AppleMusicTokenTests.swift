import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutCore

@Suite struct AppleMusicTokenTests {
    let scratch = ScratchFolder()

    func message(_ load: () throws(ConfigError) -> AppleMusicToken) -> String? {
        do {
            _ = try load()
            return nil
        } catch {
            return error.message
        }
    }

    @Test func tokenFileIsReadAndTrimmed() throws {
        let file = try scratch.write("token.jwt", "  eyJ.a.b\n")
        #expect(try AppleMusicToken.load(tokenFile: file, environment: [:]).value == "eyJ.a.b")
    }

    @Test func tokenFileWinsOverTheSystemdCredential() throws {
        let file = try scratch.write("token.jwt", "from-config")
        try scratch.write("creds/apple-music-token", "from-systemd")
        let environment = ["CREDENTIALS_DIRECTORY": scratch.url.appendingPathComponent("creds").path]
        #expect(try AppleMusicToken.load(tokenFile: file, environment: environment).value == "from-config")
        #expect(try AppleMusicToken.load(tokenFile: nil, environment: environment).value == "from-systemd")
    }

    @Test func missingTokenNamesBothSources() {
        let text = message { () throws(ConfigError) in try AppleMusicToken.load(tokenFile: nil, environment: [:]) }
        #expect(text?.hasPrefix("catalog.tokenFile: the apple-music provider needs a developer token") == true)
        #expect(text?.contains("apple-music-token") == true)
    }

    @Test func unreadableEmptyAndMultiLineFilesAreConfigErrorsWithoutTheContents() throws {
        let missing = scratch.url.appendingPathComponent("nope.jwt")
        #expect(
            message { () throws(ConfigError) in try AppleMusicToken.load(tokenFile: missing, environment: [:]) }
                == "catalog.tokenFile: cannot read \(missing.path): No such file or directory")
        let empty = try scratch.write("empty.jwt", " \n")
        #expect(
            message { () throws(ConfigError) in try AppleMusicToken.load(tokenFile: empty, environment: [:]) }
                == "catalog.tokenFile: \(empty.path) is empty")
        let twoLines = try scratch.write("two.jwt", "SECRET-ONE\nSECRET-TWO\n")
        let text = message { () throws(ConfigError) in try AppleMusicToken.load(tokenFile: twoLines, environment: [:]) }
        #expect(text == "catalog.tokenFile: \(twoLines.path) does not hold a single-line token")
        #expect(text?.contains("SECRET") == false)
    }

    @Test func theTokenPrintsRedacted() {
        let token = AppleMusicToken("SECRET")
        #expect("\(token)" == "<redacted>")
        #expect(String(reflecting: token) == "<redacted>")
    }

    // MARK: Expiry

    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test func theExpiryIsTheJWTPayloadsExp() {
        let header = Self.base64URL(#"{"alg":"ES256","kid":"ABC123DEFG"}"#)
        // Payload lengths that need each amount of base64 padding, and characters base64url spells differently.
        for payload in [#"{"iss":"T","exp":1800000000}"#, #"{"iss":"TE","exp":1800000000}"#, #"{"iss":"?>?","exp":1800000000.5}"#] {
            let token = AppleMusicToken(header + "." + Self.base64URL(payload) + ".sig")
            #expect(token.expiresAt.map { Int($0.timeIntervalSince1970) } == 1_800_000_000, "\(payload)")
        }
    }

    @Test func aTokenWithoutAReadableExpHasNoExpiry() {
        let header = Self.base64URL(#"{"alg":"ES256"}"#)
        for value in [
            "opaque-user-token", "eyJ.a.b", header + "." + Self.base64URL(#"{"iss":"T"}"#) + ".sig",
            header + "." + Self.base64URL(#"{"exp":"soon"}"#) + ".sig", header + "." + Self.base64URL("not json") + ".sig",
            header + ".!!!.sig"
        ] {
            #expect(AppleMusicToken(value).expiresAt == nil, "\(value)")
        }
    }
}
