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

    // The per-user config: `${XDG_CONFIG_HOME:-$HOME/.config}/deepcut/config.json`, used only when it exists.

    @Test func perUserConfigIsReadWhenItExists() {
        let url = ConfigLocation.resolve(explicit: nil, environment: ["HOME": "/home/ada"]) {
            $0.path == "/home/ada/.config/deepcut/config.json"
        }
        #expect(url.path == "/home/ada/.config/deepcut/config.json")
    }

    @Test func systemConfigWhenThePerUserOneIsAbsent() {
        #expect(ConfigLocation.resolve(explicit: nil, environment: ["HOME": "/home/ada"]) { _ in false }.path == "/etc/deepcut/config.json")
    }

    @Test func namedConfigWinsOverThePerUserOne() {
        let environment = ["HOME": "/home/ada", "DEEPCUT_CONFIG": "/srv/other.json"]
        #expect(ConfigLocation.resolve(explicit: nil, environment: environment) { _ in true }.path == "/srv/other.json")
        #expect(ConfigLocation.resolve(explicit: "/srv/given.json", environment: environment) { _ in true }.path == "/srv/given.json")
    }

    @Test func xdgConfigHomeWhenAbsoluteElseIgnored() {
        let absolute = ConfigLocation.perUser(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg"])
        #expect(absolute?.path == "/cfg/deepcut/config.json")
        let relative = ConfigLocation.perUser(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "cfg"])
        #expect(relative?.path == "/home/ada/.config/deepcut/config.json")
    }

    @Test func noPerUserConfigWithoutAnAbsoluteHome() {
        #expect(ConfigLocation.perUser(environment: [:]) == nil)
        #expect(ConfigLocation.perUser(environment: ["HOME": "relative"]) == nil)
        // Only the given environment counts: the test runner's own home is never looked at.
        #expect(ConfigLocation.resolve(explicit: nil, environment: [:]) { _ in true }.path == "/etc/deepcut/config.json")
    }
}
