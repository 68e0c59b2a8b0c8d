import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import Foundation

/// The dead man's switch (`monitoring` in the config): a ping when a sweep starts, and one when it
/// ends — success after a complete run (or an `--if-stale` skip: the job ran and the feed is fresh),
/// fail after a failed one, a partial one as `monitoring.partial` says — with the health line as
/// the body, as Healthchecks logs it.
///
/// A ping has its own short deadline and its failure is only logged: monitoring never holds a run
/// up for longer than `timeoutSeconds`, never changes what it publishes or its exit code.
package struct MonitoringPings: Sendable {
    package enum Ping: String, Sendable {
        case start, success, fail
    }

    /// A ping that did not get a 2xx: which, the server's host, and why.
    package struct Failure: Sendable, Hashable {
        package var ping: Ping
        package var message: String
    }

    let config: MonitoringConfig
    let client: any HTTPClient

    package init(config: MonitoringConfig, client: any HTTPClient) {
        self.config = config
        self.client = client
    }

    /// Which ping a finished run sends.
    package func ping(after status: RunStatus) -> Ping {
        switch status {
        case .complete, .skipped: .success
        case .failed: .fail
        case .partial: config.partialAs == .fail ? .fail : .success
        }
    }

    /// Sends one ping; nil when the server took it, or when there is no URL for it (`start` without one).
    package func send(_ ping: Ping, body: String) async -> Failure? {
        let url: URL
        switch ping {
        case .start:
            guard let start = config.startURL else { return nil }
            url = start
        case .success: url = config.successURL
        case .fail: url = config.failURL
        }
        // The URL's path holds the check's key: only its host is ever named.
        let host = url.host ?? "the monitoring server"
        let request = HTTPRequest(
            url: url, method: "POST",
            headers: ["Content-Type": "text/plain; charset=utf-8", "User-Agent": "deepcut/\(ClientVersion.current)"],
            body: Data(body.utf8), timeoutSeconds: config.timeoutSeconds)
        do {
            let response = try await client.send(request)
            guard (200..<300).contains(response.status) else {
                return Failure(ping: ping, message: "\(host) answered \(response.status) to the \(ping.rawValue) ping")
            }
            return nil
        } catch {
            return Failure(ping: ping, message: "\(host): \(error.message) (the \(ping.rawValue) ping)")
        }
    }
}
