import Foundation

/// When a configured token stops working, as the token itself says (an Apple Music developer token's
/// JWT `exp`), and how close that is. Health, `deepcut health`, the metrics and `check-config` all
/// judge it by `status(at:)`, so an expiring token is seen weeks before the first run exits 78.
///
/// Only tokens that carry their own expiry are listed: Apple's Music-User-Token is opaque, so its
/// age cannot be known and it is not judged here.
package struct TokenExpiry: Sendable, Hashable, Codable {
    /// How near expiry a token is.
    package enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        case ok
        /// Expires within `warningSeconds`.
        case warning
        /// Expired.
        case critical
        /// The token carries no readable expiry: nothing to warn about, and nothing promised either.
        case unknown
    }

    /// WARNING from 14 days before expiry: time to make a new token and deploy it.
    package static let warningSeconds = 14 * 86_400

    /// The config key naming the token, e.g. `catalog.tokenFile` (it may be read from a systemd credential).
    package var key: String
    /// When the token expires; nil when it has no readable expiry.
    package var expiresAt: Date?
    /// The status when the report was written; readers judge `expiresAt` again at their own time.
    package var status: Status

    /// - Parameter now: the time the status is judged at.
    package init(key: String, expiresAt: Date?, at now: Date) {
        self.key = key
        self.expiresAt = expiresAt
        self.status = Self.status(expiresAt: expiresAt, at: now)
    }

    /// This token's status at `now`.
    package func status(at now: Date) -> Status {
        Self.status(expiresAt: expiresAt, at: now)
    }

    package static func status(expiresAt: Date?, at now: Date) -> Status {
        guard let expiresAt else { return .unknown }
        let left = expiresAt.timeIntervalSince(now)
        if left <= 0 { return .critical }
        return left < Double(warningSeconds) ? .warning : .ok
    }
}
