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
}
