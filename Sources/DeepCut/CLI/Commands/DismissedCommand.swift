import DeepCutCore
import DeepCutState
import Foundation

/// `deepcut dismissed [--json]`: what the user dismissed, newest first.
enum DismissedCommand: DeepCutCommand {
    static let spec = CommandSpec(["dismissed"], abstract: "List dismissals (legacy rows show a label rebuilt from the key).",
                                  options: [configOption, .flag("json", help: "print the dismissals JSON exchange format")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        let dismissals = try StateStore(url: config.stateDatabase).dismissals.all()
        if context.arguments.flag("json") {
            context.console.out(String(decoding: DismissalsFile.encode(dismissals), as: UTF8.self))
            return .success
        }
        guard !dismissals.isEmpty else {
            context.console.out("no dismissals")
            return .success
        }
        let rows = dismissals.map { dismissal -> [String] in
            let when = Date(timeIntervalSince1970: dismissal.dismissedAt).formatted(.iso8601.year().month().day())
            return [when, dismissal.label, dismissal.recordingType?.rawValue ?? "-", dismissal.releaseDate?.description ?? "-",
                    dismissal.releaseID.isEmpty ? "-" : dismissal.releaseID, dismissal.artworkURL ?? "-"]
        }
        context.console.out(TextTable(header: ["dismissed", "release", "type", "date", "id", "artwork"], rows: rows).rendered)
        return .success
    }
}
