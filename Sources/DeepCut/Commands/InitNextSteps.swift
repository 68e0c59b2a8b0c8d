import DeepCutConfig
import Foundation

/// What `deepcut init` prints last: the three commands a person runs next, ready to paste.
struct InitNextSteps {
    var layout: SetupLayout
    var system: Bool
    var artists: Int
    /// Whether commands find the new config without `--config` (the per-user default place).
    var foundByDefault: Bool

    var text: String {
        let page = layout.outputDirectory.appendingPathComponent("index.html").path
        let sweepTime = "\(artists) artist\(artists == 1 ? "" : "s"); the catalog allows 20 requests a minute"
        let rows: [(String, String)]
        if system {
            let config = " --config \(layout.configFile.path)"
            rows = [
                ("sudo -u deepcut deepcut sweep\(config)", "the first sweep, as the service runs it (\(sweepTime))"),
                ("xdg-open \(page)", "the page; serve the feed folder to subscribe to its calendar and feeds (README)"),
                ("sudo systemctl enable --now deepcut.timer", "a sweep every hour (the .deb enables it on install)")
            ]
        } else {
            let config = foundByDefault ? "" : " --config \(layout.configFile.path)"
            rows = [
                ("deepcut sweep\(config)", "the first sweep (\(sweepTime))"),
                ("xdg-open \(page)", "the page, with its calendar and feed links"),
                ("crontab -e", "then add: @hourly deepcut sweep --if-stale --quiet\(config)")
            ]
        }
        return HelpTable.render(title: "next:", rows: rows.map { ($0.0, "# " + $0.1) })
    }
}
