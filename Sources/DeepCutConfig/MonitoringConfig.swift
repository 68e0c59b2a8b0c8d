import Foundation

/// The config's `monitoring` object: a dead man's switch to ping around each sweep, Healthchecks
/// style (`URL/start` when a sweep starts, `URL` after a complete one, `URL/fail` after a failed one).
///
/// The ping URL is a credential of sorts (anyone holding it can report for this job), so messages
/// name only its host.
package struct MonitoringConfig: Sendable, Hashable {
    /// What a partial sweep reports: `success` (the feed was published, marked partial; the default,
    /// so one flaky artist does not page anyone) or `fail`.
    package enum PartialAs: String, Sendable, Hashable, CaseIterable {
        case success
        case fail
    }

    /// Nil when only `successURL` and `failURL` are configured: nothing is pinged at the start.
    package var startURL: URL?
    package var successURL: URL
    package var failURL: URL
    /// Each ping's whole deadline: a slow monitoring server never holds the run up for longer.
    package var timeoutSeconds: Int
    package var partialAs: PartialAs

    package init(url: URL, timeoutSeconds: Int = 5, partialAs: PartialAs = .success) {
        startURL = url.appendingPathComponent("start")
        successURL = url
        failURL = url.appendingPathComponent("fail")
        self.timeoutSeconds = timeoutSeconds
        self.partialAs = partialAs
    }
}

extension MonitoringConfig {
    /// Reads `monitoring`: `url` (Healthchecks style), each of `startURL`/`successURL`/`failURL`
    /// overriding what it derives, or, for services with other schemes (Uptime Kuma's push URL),
    /// `successURL` and `failURL` alone; `timeoutSeconds` (1…60, 5); `partial` (`success` or `fail`).
    init(_ field: ConfigField) throws {
        var object = try field.object()
        let base = try object.optional("url")?.httpURL()
        let start = try object.optional("startURL")?.httpURL()
        let success = try object.optional("successURL")?.httpURL()
        let fail = try object.optional("failURL")?.httpURL()
        guard let anchor = base ?? success ?? fail ?? start else {
            throw field.failure("needs 'url' (a Healthchecks-style ping URL) or 'startURL', 'successURL' and 'failURL'")
        }
        if base == nil, success == nil || fail == nil {
            throw field.failure("without 'url', both 'successURL' and 'failURL' are needed ('startURL' is optional)")
        }
        self.init(url: anchor)
        if base == nil { startURL = start }
        if let start { startURL = start }
        if let success { successURL = success }
        if let fail { failURL = fail }
        timeoutSeconds = try object.optional("timeoutSeconds")?.integer(in: 1...60) ?? timeoutSeconds
        partialAs = try object.optional("partial")?.oneOf(PartialAs.self) ?? partialAs
        try object.rejectUnknownKeys()
    }
}
