import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutHTTP

@Suite struct CatalogProviderFactoryTests {
    let scratch = ScratchFolder()
    let client = ScriptedHTTPClient(replies: [])

    func configError(_ catalog: CatalogConfig, environment: [String: String] = [:]) -> ConfigError? {
        do {
            _ = try CatalogProviderFactory.make(catalog, client: client, environment: environment)
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    @Test func appleMusicUsesTheTokenFileAndFallsBackToCountryForTheStorefront() throws {
        var catalog = CatalogConfig(provider: .appleMusic, country: "gb")
        catalog.tokenFile = try scratch.write("token.jwt", "eyJ.token")
        let provider = try #require(try CatalogProviderFactory.make(catalog, client: client, environment: [:]) as? AppleMusicProvider)
        #expect(provider.storefront == "gb")
        #expect(provider.baseURL == ProviderKind.appleMusic.defaultBaseURL)
        #expect(provider.requester.headers["Authorization"] == "Bearer eyJ.token")
        catalog.storefront = "jp"
        #expect((try CatalogProviderFactory.make(catalog, client: client, environment: [:]) as? AppleMusicProvider)?.storefront == "jp")
    }

    @Test func appleMusicWithoutATokenIsAConfigError() {
        let error = configError(CatalogConfig(provider: .appleMusic))
        #expect(error?.exitCode == .config)
        #expect(error?.message.hasPrefix("catalog.tokenFile:") == true)
    }

    @Test func musicBrainzNamesTheContactInItsUserAgent() throws {
        var catalog = CatalogConfig(provider: .musicbrainz)
        catalog.contact = "https://example.org/ops"
        let provider = try #require(try CatalogProviderFactory.make(catalog, client: client) as? MusicBrainzProvider)
        #expect(provider.requester.headers["User-Agent"] == "deepcut/\(ClientVersion.current) ( https://example.org/ops )")
        #expect(provider.baseURL == URL(string: "https://musicbrainz.org"))
    }

    @Test func musicBrainzWithoutAContactIsAConfigError() {
        #expect(configError(CatalogConfig(provider: .musicbrainz))?.message.hasPrefix("catalog.contact:") == true)
    }
}
