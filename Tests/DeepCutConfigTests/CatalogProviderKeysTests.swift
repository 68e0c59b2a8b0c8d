import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

/// The provider-specific `catalog` keys: `tokenFile`, `storefront`, `contact`.
@Suite struct CatalogProviderKeysTests {
    let scratch = ScratchFolder()

    func load(_ catalog: String) throws -> Config {
        try ConfigLoader.load(
            from: scratch.write(
                "etc/config.json",
                #"{"library": [{"format": "csv", "path": "l.csv"}], "catalog": \#(catalog)}"#))
    }

    func failure(_ catalog: String) -> String? {
        do {
            _ = try load(catalog)
            return nil
        } catch {
            return (error as? ConfigError)?.message ?? "unexpected \(error)"
        }
    }

    @Test func tokenFileResolvesAgainstTheConfigFolderAndStorefrontIsLowercased() throws {
        let config = try load(#"{"provider": "apple-music", "tokenFile": "secrets/apple.jwt", "storefront": "GB"}"#)
        #expect(config.catalog.tokenFile == scratch.url.appendingPathComponent("etc/secrets/apple.jwt").standardizedFileURL)
        #expect(config.catalog.storefront == "gb")
    }

    @Test func providerKeysDefaultToNil() throws {
        let config = try load(#"{"provider": "apple-music"}"#)
        #expect(config.catalog.tokenFile == nil)
        #expect(config.catalog.storefront == nil)
        #expect(config.catalog.contact == nil)
    }

    @Test func musicBrainzRequiresAContact() throws {
        #expect(failure(#"{"provider": "musicbrainz"}"#) == "config.json: missing key 'catalog.contact'")
        #expect(failure(#"{"provider": "musicbrainz", "contact": " "}"#) == "config.json: catalog.contact: must not be empty")
        #expect(try load(#"{"provider": "musicbrainz", "contact": "ops@example.org"}"#).catalog.contact == "ops@example.org")
    }

    @Test func otherProvidersAcceptButDoNotNeedAContact() throws {
        #expect(try load(#"{"provider": "itunes", "contact": "ops@example.org"}"#).catalog.contact == "ops@example.org")
    }

    @Test func badValuesNameTheKey() {
        #expect(failure(#"{"storefront": "usa"}"#) == "config.json: catalog.storefront: expected a two-letter country code, got 'usa'")
        #expect(failure(#"{"tokenFile": ""}"#) == "config.json: catalog.tokenFile: must not be empty")
    }
}
