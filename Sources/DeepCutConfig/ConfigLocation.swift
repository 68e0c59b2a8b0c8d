import Foundation

/// Which config file a command reads: `--config PATH`, else `$DEEPCUT_CONFIG`, else the per-user
/// config when that file exists, else `/etc/deepcut/config.json`.
///
/// The per-user file comes before /etc only when it exists, so the system service (whose `HOME`,
/// /var/lib/deepcut, holds no such file; its unit also names `--config`) keeps reading /etc.
package enum ConfigLocation {
    static let environmentVariable = "DEEPCUT_CONFIG"
    package static let systemPath = "/etc/deepcut/config.json"
    static let defaultPath = systemPath

    /// - Parameters:
    ///   - explicit: the `--config` value, if given. Relative paths resolve against the working directory.
    ///   - environment: the process environment; an empty `DEEPCUT_CONFIG` counts as unset. Only its
    ///     `HOME` and `XDG_CONFIG_HOME` locate the per-user file, never the process's own, so a test's
    ///     environment decides alone.
    ///   - exists: whether a file is at a path (the per-user file is used only when it is).
    package static func resolve(
        explicit: String?, environment: [String: String],
        exists: (URL) -> Bool = { FileManager.default.fileExists(atPath: $0.path) }
    ) -> URL {
        if let named = named(explicit: explicit, environment: environment) { return named }
        if let perUser = perUser(environment: environment), exists(perUser) { return perUser }
        return URL(fileURLWithPath: systemPath)
    }

    /// The file `--config` or `$DEEPCUT_CONFIG` names, if either does.
    package static func named(explicit: String?, environment: [String: String]) -> URL? {
        [explicit, environment[environmentVariable]]
            .compactMap { $0 }
            .first { !$0.isEmpty }
            .map { URL(fileURLWithPath: $0).standardizedFileURL }
    }

    /// `${XDG_CONFIG_HOME:-$HOME/.config}/deepcut/config.json`; nil without an absolute `HOME`.
    package static func perUser(environment: [String: String]) -> URL? {
        XDGFolder.config.url(environment: environment)?.appendingPathComponent("deepcut/config.json")
    }
}

/// The XDG base directories (XDG Base Directory Specification 0.8): the variable when it holds an
/// absolute path (a relative one is ignored, as the specification says), else its default under `HOME`.
package enum XDGFolder: Sendable {
    /// `$XDG_CONFIG_HOME`, default `$HOME/.config`.
    case config
    /// `$XDG_DATA_HOME`, default `$HOME/.local/share`.
    case data

    package func url(environment: [String: String]) -> URL? {
        let (variable, fallback) =
            switch self {
            case .config: ("XDG_CONFIG_HOME", ".config")
            case .data: ("XDG_DATA_HOME", ".local/share")
            }
        if let value = environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true).standardizedFileURL
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true).standardizedFileURL
    }
}
