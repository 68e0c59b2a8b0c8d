/// The systemd unit invocation this process belongs to, for the health report: `journalctl
/// _SYSTEMD_INVOCATION_ID=<id>` then shows exactly that run's lines.
package enum ServiceInvocation {
    /// `$INVOCATION_ID` (128 bits as 32 hex digits), or nil outside systemd or when malformed.
    package static func id(environment: [String: String]) -> String? {
        guard let id = environment["INVOCATION_ID"], id.count == 32, id.allSatisfy(\.isHexDigit) else { return nil }
        return id
    }
}
