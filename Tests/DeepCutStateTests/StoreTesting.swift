import DeepCutTestKit
import Foundation

@testable import DeepCutState

/// A scratch folder kept until `body` returns: `ScratchFolder.with` for async tests.
func withScratchFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = ScratchFolder()
    defer { withExtendedLifetime(folder) {} }
    return try await body(folder.url)
}

/// Opens a fresh state database in a scratch folder and runs `body` on the store.
func withStore<T: Sendable>(_ body: @Sendable (isolated StateStore) throws -> T) async throws -> T {
    try await withScratchFolder { folder in try await StateStore(url: folder.appendingPathComponent("state.db")).perform(body) }
}
