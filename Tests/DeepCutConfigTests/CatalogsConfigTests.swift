import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

/// `catalogs` (issue 32): several sources in one config, keyed as the state keys them.
@Suite struct CatalogsConfigTests {
    private let scratch = ScratchFolder()

    private func load(_ fragment: String) throws -> Config {
        try ConfigLoader.load(from: scratch.write("config.json", #"{"library": [{"format": "csv", "path": "library.csv"}], \#(fragment)}"#))
    }

    private func failure(_ fragment: String) -> String? {
        do {
            _ = try load(fragment)
            return nil
        } catch let error as ConfigError {
            return error.message
        } catch {
            return "unexpected \(type(of: error)): \(error)"
        }
    }

    private static let three = #"""
        "catalogs": [
          {"provider": "itunes", "country": "us"},
          {"provider": "itunes", "country": "jp", "requestsPerMinute": 10},
          {"provider": "musicbrainz", "contact": "ops@example.org"}
        ]
        """#

    // MARK: Sources

    @Test func theHomeSourceKeysAsItsProviderAndTheOthersByStorefront() throws {
        let config = try load(Self.three)
        #expect(config.sources.map(\.source.key) == ["itunes", "itunes:jp", "musicbrainz"])
        #expect(config.sources.map(\.source.storefront) == ["us", "jp", nil])
        #expect(config.catalog.country == "us", "config.catalog stays the home source")
        #expect(config.sources[1].catalog.requestsPerMinute == 10, "each source has its own budget")
        #expect(config.hasSeveralSources)
    }

    @Test func aStorefrontKeyNamesAnAppleMusicSource() throws {
        let config = try load(
            #""catalogs": [{"provider": "itunes"}, {"provider": "apple-music", "country": "us", "storefront": "gb", "tokenFile": "t"}]"#)
        #expect(config.sources[1].source == CatalogSource(key: "apple-music:gb", provider: "apple-music", storefront: "gb"))
    }

    @Test func oneCatalogOrOneEntryOfCatalogsIsTheOneCatalogConfigOfBefore() throws {
        let single = try load(#""catalog": {"provider": "itunes", "country": "jp"}"#)
        let listed = try load(#""catalogs": [{"provider": "itunes", "country": "jp"}]"#)
        #expect(single.catalog == listed.catalog)
        #expect(single.sources == listed.sources)
        #expect(listed.sources.map(\.source.key) == ["itunes"])
        #expect(!listed.hasSeveralSources)
    }

    // MARK: Refusals

    @Test func catalogAndCatalogsTogetherNameBothKeys() {
        let message = failure(#""catalog": {"provider": "itunes"}, "catalogs": [{"provider": "itunes"}]"#)
        #expect(message == "config.json: catalogs: give either 'catalog' or 'catalogs', not both")
    }

    @Test func aProviderAndStorefrontTwiceNamesTheEntry() {
        #expect(
            failure(
                #""catalogs": [{"provider": "itunes"}, {"provider": "itunes", "country": "jp"}, {"provider": "itunes", "country": "JP"}]"#)
                == "config.json: catalogs[2]: itunes in storefront 'jp' is already catalogs[1]: each provider and storefront once")
        #expect(
            failure(#""catalogs": [{"provider": "musicbrainz", "contact": "a@b"}, {"provider": "musicbrainz", "contact": "c@d"}]"#)
                == "config.json: catalogs[1]: musicbrainz is already catalogs[0]: each provider and storefront once")
    }

    @Test func anEmptyListOrABadEntryIsNamed() {
        #expect(failure(#""catalogs": []"#)?.hasPrefix("config.json: catalogs:") == true)
        #expect(
            failure(#""catalogs": [{"provider": "itunes"}, {"provider": "itunes", "country": "jp", "speed": 1}]"#)?.contains("catalogs[1]")
                == true)
    }

    // MARK: feed.playableIn

    @Test func playableInMustNameAStorefrontAStoreSourceSellsIn() throws {
        let config = try load(Self.three + #", "feed": {"playableIn": "JP"}"#)
        #expect(config.feed.playableIn == "jp")
        #expect(
            failure(Self.three + #", "feed": {"playableIn": "gb"}"#)
                == "config.json: feed.playableIn: no configured store catalog sells in 'gb' (they sell in us, jp)")
        #expect(
            failure(#""catalog": {"provider": "musicbrainz", "contact": "a@b"}, "feed": {"playableIn": "us"}"#)
                == "config.json: feed.playableIn: no configured store catalog sells in 'us' (none is configured)")
    }
}
