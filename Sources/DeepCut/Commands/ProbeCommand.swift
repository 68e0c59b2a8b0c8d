import DeepCutCatalog
import DeepCutCore
import Foundation

/// `deepcut probe [--json] [--record DIR]`: which catalog behaviours the sweep relies on hold for
/// the configured catalog. Exit 0 when the catalog answered, 75 when no request was answered.
enum ProbeCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["probe"], abstract: "Ask the catalog a few polite questions; show which behaviours the sweep relies on hold there.",
        options: [
            configOption, .flag("json", help: "print JSON for scripts"),
            .value("record", placeholder: "DIR", help: "keep the raw answers (secrets redacted) in DIR, for a bug report")
        ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        let probe = CatalogProbeRun(config: config, client: context.httpClient, environment: context.environment, now: context.now)
        let (report, exchanges) = try await probe.run()
        if let folder = context.arguments.value("record") {
            let recording = URL(fileURLWithPath: folder)
            try await BlockingQueue.files.run { try CatalogProbeRun.record(exchanges, report: report, to: recording) }
        }
        if context.arguments.flag("json") {
            context.console.out(String(decoding: try CatalogProbeRun.json(report), as: UTF8.self))
        } else {
            context.console.out(text(report))
        }
        guard exchanges.contains(where: { $0.status != nil }) || exchanges.isEmpty else {
            throw CommandFailure(
                exitCode: .tempFail,
                message: "probe: \(report.catalog) gave no answer: \(exchanges.compactMap(\.failure).first ?? "no response")")
        }
        return .success
    }

    static func text(_ report: CatalogProbeRun.Report) -> String {
        let storefront = report.storefront.map { ", storefront \($0)" } ?? ""
        let asked = report.artists.isEmpty ? "no known artist" : report.artists.joined(separator: ", ")
        let rows = report.findings.map { finding in
            [finding.behaviour.rawValue, finding.reading, finding.holds.map { $0 ? "yes" : "no" } ?? "-", finding.detail]
        }
        return "deepcut probe: \(report.provider) at \(report.catalog)\(storefront); \(report.requests) requests about \(asked)\n"
            + TextTable(header: ["behaviour", "reading", "holds", "detail"], rows: rows).rendered
    }
}
