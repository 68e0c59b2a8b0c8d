import Foundation

/// Where a command's output goes: stdout for results, stderr for the one-line cause of a failure.
/// Injectable so tests run every command in-process and read what it printed.
package struct Console: Sendable {
    let out: @Sendable (String) -> Void
    let err: @Sendable (String) -> Void

    package init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    package static let standard = Console(
        out: { text in FileHandle.standardOutput.write(Data((text + "\n").utf8)) },
        err: { text in FileHandle.standardError.write(Data((text + "\n").utf8)) })
}
