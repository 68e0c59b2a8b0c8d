import Foundation
import Testing

@testable import DeepCutConfig

@Suite struct ConfigLocationTests {
    @Test func explicitPathWinsOverEnvironment() {
        let url = ConfigLocation.resolve(explicit: "/srv/deepcut.json", environment: ["DEEPCUT_CONFIG": "/etc/other.json"])
        #expect(url.path == "/srv/deepcut.json")
    }

    @Test func environmentWinsOverDefault() {
        #expect(ConfigLocation.resolve(explicit: nil, environment: ["DEEPCUT_CONFIG": "/etc/other.json"]).path == "/etc/other.json")
    }

    @Test func defaultWhenNothingIsGiven() {
        #expect(ConfigLocation.resolve(explicit: nil, environment: [:]).path == "/etc/deepcut/config.json")
        #expect(ConfigLocation.resolve(explicit: nil, environment: ["DEEPCUT_CONFIG": ""]).path == "/etc/deepcut/config.json")
    }

    @Test func relativeExplicitPathResolvesAgainstWorkingDirectory() {
        let url = ConfigLocation.resolve(explicit: "conf/../config.json", environment: [:])
        #expect(url.path == URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("config.json").path)
    }
}
