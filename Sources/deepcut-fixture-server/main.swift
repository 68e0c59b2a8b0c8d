import DeepCutFixtures
import Foundation
import Glibc

/// Runs until SIGTERM or SIGINT. Signals are blocked before any server thread exists and taken with `sigwait`
/// on this thread, so no handler ever runs in a signal context or on a main-actor-inferred closure.
func runFixtureServer() -> Int32 {
    let arguments: FixtureServerArguments
    do {
        guard let parsed = try FixtureServerArguments.parse(Array(CommandLine.arguments.dropFirst())) else {
            print(FixtureServerArguments.usage)
            return 0
        }
        arguments = parsed
    } catch {
        return fail("\(error.description)\n\(FixtureServerArguments.usage)", exitCode: 64)
    }

    let catalog: FixtureCatalog
    do {
        catalog = try FixtureCatalog.load(from: URL(fileURLWithPath: arguments.catalogPath))
    } catch {
        return fail(error.description, exitCode: error.isUnreadable ? 66 : 65)
    }

    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGTERM)
    sigaddset(&stopSignals, SIGINT)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

    let server = FixtureServer(catalog: catalog, options: arguments.options)
    let url: URL
    do {
        url = try server.start()
    } catch {
        return fail(String(describing: error), exitCode: 71)
    }
    // Unbuffered, so a script waiting for this line sees it at once.
    FileHandle.standardOutput.write(Data("listening on \(url.absoluteString)\n".utf8))

    var received: Int32 = 0
    sigwait(&stopSignals, &received)
    server.close()
    return 0
}

package func fail(_ message: String, exitCode: Int32) -> Int32 {
    let firstLine = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message
    FileHandle.standardError.write(Data("deepcut-fixture-server: \(firstLine)\n".utf8))
    return exitCode
}

exit(runFixtureServer())
