import Foundation

/// Where `deepcut init` puts a new setup: the config file, and the folder that holds the state
/// database, the feed folder and, for the system service, its own copy of the library export.
package struct SetupLayout: Sendable, Equatable {
    package var configFile: URL
    package var dataFolder: URL
    /// The system service runs with `ProtectHome=yes`: it cannot read an export under /home, so the
    /// system layout copies it into `dataFolder`; a per-user setup reads the export where it is, so a
    /// fresh export is picked up by the next sweep.
    package var copiesLibrary: Bool

    package var stateDatabase: URL { dataFolder.appendingPathComponent("state.db") }
    /// The feed folder: what a web server or a browser opens.
    package var outputDirectory: URL { dataFolder.appendingPathComponent("feed", isDirectory: true) }

    package init(configFile: URL, dataFolder: URL, copiesLibrary: Bool) {
        self.configFile = configFile
        self.dataFolder = dataFolder
        self.copiesLibrary = copiesLibrary
    }

    /// `/etc/deepcut/config.json` and `/var/lib/deepcut` (the unit's `ConfigurationDirectory=` and
    /// `StateDirectory=`), under `root`: `/` on a real system, a scratch folder in tests and staging.
    package static func system(root: URL = URL(fileURLWithPath: "/")) -> SetupLayout {
        SetupLayout(
            configFile: root.appendingPathComponent(String(ConfigLocation.systemPath.dropFirst())),
            dataFolder: root.appendingPathComponent("var/lib/deepcut", isDirectory: true), copiesLibrary: true)
    }

    /// The config where commands look first (`ConfigLocation.perUser`), the data under
    /// `${XDG_DATA_HOME:-$HOME/.local/share}/deepcut`.
    /// - Throws: `ConfigError` (exit 78) when the environment has no absolute `HOME`.
    package static func perUser(environment: [String: String]) throws -> SetupLayout {
        guard let configFile = ConfigLocation.perUser(environment: environment),
            let data = XDGFolder.data.url(environment: environment)
        else {
            throw ConfigError(
                message: "HOME is not set to an absolute path: cannot place a per-user config; give --config PATH or --system")
        }
        return SetupLayout(
            configFile: configFile, dataFolder: data.appendingPathComponent("deepcut", isDirectory: true), copiesLibrary: false)
    }
}
