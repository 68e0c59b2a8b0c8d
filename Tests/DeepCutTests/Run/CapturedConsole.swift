import Foundation
import Synchronization

@testable import DeepCut
@testable import DeepCutCore

/// A console that keeps what a command printed, for assertions.
final class CapturedConsole: Sendable {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    var console: Console {
        Console(
            out: { text in self.lines.withLock { $0.out.append(text) } },
            err: { text in self.lines.withLock { $0.err.append(text) } })
    }

    var out: String { lines.withLock { $0.out.joined(separator: "\n") } }
    var err: String { lines.withLock { $0.err.joined(separator: "\n") } }
}
