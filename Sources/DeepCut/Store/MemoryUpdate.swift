import DeepCutCore
import Foundation

/// What remembering one sweep changed.
struct MemoryUpdate: Sendable {
    /// Releases that appeared in an artist's catalog after its first check, and when they were
    /// first seen. Everything in an artist's first answer is history, not news: a new install
    /// (or a newly added artist) is not flooded.
    var discovered: [String: Date] = [:]
    /// Releases an artist's catalog listed before and no longer lists.
    var withdrawn: [Release] = []
}
