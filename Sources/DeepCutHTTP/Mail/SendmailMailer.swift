import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The `MailSender` for the local mail system (`transport: "sendmail"`): `PATH -t -i` with the
/// message on standard input, as postfix, exim, nullmailer and msmtp all take it. `-t` reads the
/// recipients from the To header; `-i` keeps a line holding a lone dot from ending the message.
///
/// - The deadline is total: a sendmail still running at `timeoutMilliseconds` is killed and the
///   delivery fails as `.timeout`; cancelling the caller kills it too (`.cancelled`).
/// - Exit status 0 is accepted; any other is `.rejected` naming the status. sendmail's own output
///   is discarded: it can echo addresses.
package final class SendmailMailer: MailSender {
    let path: URL

    package init(path: URL) {
        self.path = path
    }

    package func send(_ mail: MailEnvelope) async throws(MailError) {
        try await SendmailRun(path: path, mail: mail).run().get()
    }
}

/// One sendmail process, answered once: by its exit, its deadline or the caller's cancellation.
private final class SendmailRun: Sendable {
    typealias Answer = Result<Void, MailError>

    private struct State {
        var caller: CheckedContinuation<Answer, Never>?
        var cancelled = false
    }

    private let path: URL
    private let mail: MailEnvelope
    private let process: Mutex<Process>
    private let state = Mutex(State())

    init(path: URL, mail: MailEnvelope) {
        self.path = path
        self.mail = mail
        process = Mutex(Process())
    }

    private var origin: String { "sendmail at \(path.path)" }

    func run() async -> Answer {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                let cancelled = state.withLock { state in
                    state.caller = continuation
                    return state.cancelled
                }
                guard !cancelled else {
                    answer(.failure(MailError(.cancelled, "\(origin): sending cancelled")))
                    return
                }
                start()
            }
        } onCancel: {
            state.withLock { $0.cancelled = true }
            stop()
            answer(.failure(MailError(.cancelled, "\(origin): sending cancelled")))
        }
    }

    private func start() {
        // A sendmail that exits before reading everything must fail the write, not kill deepcut.
        signal(SIGPIPE, SIG_IGN)
        let input = Pipe()
        let started: Bool = process.withLock { process in
            process.executableURL = path
            process.arguments = ["-t", "-i"]
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.terminationHandler = { [self] finished in
                answer(outcome(status: finished.terminationStatus, reason: finished.terminationReason))
            }
            do {
                try process.run()
                return true
            } catch {
                return false
            }
        }
        guard started else {
            answer(.failure(MailError(.refused, "\(origin): could not be started")))
            return
        }
        let message = mail.message
        Thread.detachNewThread {
            let writer = input.fileHandleForWriting
            // A failed write (the program exited early) shows in its exit status, which is the answer.
            do { try writer.write(contentsOf: message) } catch {}
            do { try writer.close() } catch {}
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(mail.timeoutMilliseconds)) { [self] in
            guard state.withLock({ $0.caller != nil }) else { return }
            stop()
            answer(.failure(MailError(.timeout, "\(origin): not done within \(mail.timeoutMilliseconds) ms")))
        }
    }

    private func stop() {
        process.withLock { process in
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    private func outcome(status: Int32, reason: Process.TerminationReason) -> Answer {
        if reason == .exit, status == 0 { return .success(()) }
        let how = reason == .exit ? "exited with status \(status)" : "was ended by signal \(status)"
        return .failure(MailError(.rejected, "\(origin): \(how)"))
    }

    private func answer(_ answer: Answer) {
        state.withLock { state in
            defer { state.caller = nil }
            return state.caller
        }?.resume(returning: answer)
    }
}
