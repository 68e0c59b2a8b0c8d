import DeepCutCore
import Foundation

/// What remembering one sweep changed.
package struct MemoryUpdate: Sendable {
    /// Releases that appeared in an artist's catalog after its first check, and when they were
    /// first seen. Everything in an artist's first answer is history, not news: a new install
    /// (or a newly added artist) is not flooded.
    package var discovered: [String: Date] = [:]
    /// Releases an artist's catalog listed before and no longer lists.
    package var withdrawn: [Release] = []

    package init(discovered: [String: Date] = [:], withdrawn: [Release] = []) {
        self.discovered = discovered
        self.withdrawn = withdrawn
    }
}
