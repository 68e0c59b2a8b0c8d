import Foundation

/// Which config file a command reads: `--config PATH`, else `$DEEPCUT_CONFIG`, else `/etc/deepcut/config.json`.
package enum ConfigLocation {
    package static let environmentVariable = "DEEPCUT_CONFIG"
    package static let defaultPath = "/etc/deepcut/config.json"

    /// - Parameters:
    ///   - explicit: the `--config` value, if given. Relative paths resolve against the working directory.
    ///   - environment: the process environment; an empty `DEEPCUT_CONFIG` counts as unset.
    package static func resolve(explicit: String?, environment: [String: String]) -> URL {
        let path = [explicit, environment[environmentVariable]]
            .compactMap { $0 }
            .first { !$0.isEmpty } ?? defaultPath
        return URL(fileURLWithPath: path).standardizedFileURL
    }
}
