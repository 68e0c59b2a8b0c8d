import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

/// `catalog.sweepDeadlineMinutes`, `catalog.maxVanishedPercent` and `artistOverrides`.
@Suite struct PolitenessConfigTests {
    private let scratch = ScratchFolder()

    private func load(_ fragment: String) throws -> Config {
        try ConfigLoader.load(from: scratch.write("config.json", #"{"library": [{"format": "csv", "path": "l.csv"}], \#(fragment)}"#))
    }

    private func failure(_ fragment: String) -> String? {
        do {
            _ = try load(fragment)
            return nil
        } catch let error as ConfigError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func bothDefaultToNothing() throws {
        let config = try load(#""ttlHours": 24"#)
        #expect(config.catalog.sweepDeadlineMinutes == nil)
        #expect(config.artistOverrides.isEmpty)
        #expect(config.catalog.maxVanishedPercent == 20)
    }

    @Test func readsTheVanishedShare() throws {
        #expect(try load(#""catalog": {"maxVanishedPercent": 35}"#).catalog.maxVanishedPercent == 35)
        #expect(try load(#""catalog": {"maxVanishedPercent": 0}"#).catalog.maxVanishedPercent == 0)
    }

    @Test func readsBoth() throws {
        let config = try load(#""catalog": {"sweepDeadlineMinutes": 45.5}, "artistOverrides": {"Nirvana": "112018", "Air": " 2 "}"#)
        #expect(config.catalog.sweepDeadlineMinutes == 45.5)
        #expect(config.artistOverrides == ["Nirvana": "112018", "Air": "2"])
    }

    @Test(arguments: [
        (#""catalog": {"sweepDeadlineMinutes": 0}"#, "catalog.sweepDeadlineMinutes: must be greater than 0"),
        (#""catalog": {"sweepDeadlineMinutes": "soon"}"#, "catalog.sweepDeadlineMinutes: expected number"),
        (#""catalog": {"maxVanishedPercent": 101}"#, "catalog.maxVanishedPercent"),
        (#""catalog": {"maxVanishedPercent": 12.5}"#, "catalog.maxVanishedPercent"),
        (#""catalog": {"maxVanishedPercents": 20}"#, "catalog.maxVanishedPercents"),
        (#""artistOverrides": ["Nirvana"]"#, "artistOverrides: expected object, got array"),
        (#""artistOverrides": {"Nirvana": 112018}"#, "expected string, got number"),
        (#""artistOverrides": {"Nirvana": " "}"#, "must not be empty"),
        (#""artistOverrides": {"  ": "1"}"#, "the artist name must not be empty"),
        (#""artistOverrides": {"Nirvana": "1", "NIRVANA ": "2"}"#, "names the same artist as 'Nirvana'")
    ])
    func rejectsBadValuesNamingTheKey(fragment: String, expected: String) {
        let message = failure(fragment)
        #expect(message?.contains(expected) == true, "\(message ?? "loaded")")
    }
}
