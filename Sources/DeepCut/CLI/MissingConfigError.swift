import DeepCutCore
import Foundation

/// No config file where a command looked: exit 78, one line saying where, and how to make one.
struct MissingConfigError: DeepCutError {
    /// Where the example config is: installed by the package, and in the source tree.
    static let packagedExample = "/usr/share/doc/deepcut/examples/config.json"
    static let sourceExample = "config/config.example.json"

    var file: URL
    /// Whether `--config` or `$DEEPCUT_CONFIG` named the file (then `init` is told to write it there).
    var named: Bool
    /// The per-user config looked for first, when neither named a file and `HOME` is set.
    var perUser: URL?

    var exitCode: ExitCode { .config }

    var message: String {
        let initCommand = named ? "deepcut init --config \(file.path)" : "deepcut init"
        let place = perUser.map { "\($0.path) or \(file.path)" } ?? file.path
        return "deepcut: no config at \(place): run '\(initCommand)' to write one for your library, "
            + "or start from the example (\(Self.packagedExample); \(Self.sourceExample) in the source tree)"
    }
}
