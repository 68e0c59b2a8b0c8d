import Foundation
import Glibc

/// The `posix_spawn` file actions and attributes for one `ChildProcess`, and the pipes it opened.
///
/// Every descriptor the parent opens is close-on-exec from birth (`pipe2(O_CLOEXEC)`), so a child
/// another test spawns meanwhile cannot inherit a pipe end and keep its reader from seeing EOF;
/// in the child, descriptors from 3 up are closed after the redirections.
struct SpawnPlan {
    private var actions = posix_spawn_file_actions_t()
    private var attributes = posix_spawnattr_t()
    /// Per standard descriptor: the parent's end of its pipe, if it has one.
    private(set) var parentEnds: [Int32?] = [nil, nil, nil]
    /// The child's ends, closed in the parent once the child has its copies.
    private var childEnds: [Int32] = []
    private var spawned = false

    init() {
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        // Default dispositions for every signal and an empty mask: the test runner blocks SIGTERM.
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    }

    /// Opens `path` as `descriptor` in the child.
    mutating func open(_ descriptor: Int32, _ path: String, _ flags: Int32) throws {
        try check(posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644), "open \(path)")
    }

    /// A pipe whose write end is the child's `descriptor` (1 or 2); the read end stays here.
    mutating func pipe(_ descriptor: Int32) throws {
        var ends: [Int32] = [-1, -1]
        guard Self.pipe2(&ends, O_CLOEXEC) == 0 else { throw ChildProcessError(message: "pipe2: \(String(cString: strerror(errno)))") }
        parentEnds[Int(descriptor)] = ends[0]
        childEnds.append(ends[1])
        try check(posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor), "dup2")
    }

    /// `target` in the child is a copy of `source` (stderr into stdout).
    mutating func duplicate(_ source: Int32, to target: Int32) {
        posix_spawn_file_actions_adddup2(&actions, source, target)
    }

    mutating func changeDirectory(to path: String) throws {
        try check(Self.addChangeDirectory(&actions, path), "chdir \(path)")
    }

    /// Starts the child and closes the child's pipe ends here.
    /// - Returns: its pid.
    mutating func spawn(_ executable: String, arguments: [String], environment: [String]) throws -> pid_t {
        _ = Self.addCloseFrom(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        childEnds.forEach { close($0) }
        childEnds = []
        guard code == 0 else {
            throw ChildProcessError(message: "cannot start \(executable): \(String(cString: strerror(code)))")
        }
        spawned = true
        return pid
    }

    /// Frees the actions and attributes, and every pipe end when no child was started.
    mutating func release() {
        childEnds.forEach { close($0) }
        childEnds = []
        if !spawned { closeParentEnds() }
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
    }

    private mutating func closeParentEnds() {
        parentEnds.compactMap { $0 }.forEach { close($0) }
        parentEnds = [nil, nil, nil]
    }

    private func check(_ code: Int32, _ what: String) throws {
        guard code == 0 else { throw ChildProcessError(message: "posix_spawn \(what): \(String(cString: strerror(code)))") }
    }

    // glibc functions Swift's Glibc module hides behind _GNU_SOURCE, looked up by name.
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func glibc<Function>(_ name: String, as type: Function.Type) -> Function {
        // RTLD_DEFAULT is a null handle on glibc.
        guard let symbol = dlsym(nil, name) else { preconditionFailure("glibc has no \(name) (glibc 2.34 or later is needed)") }
        return unsafeBitCast(symbol, to: type)
    }

    private static var pipe2: Pipe2 { glibc("pipe2", as: Pipe2.self) }
    private static var addChangeDirectory: AddChangeDirectory {
        glibc("posix_spawn_file_actions_addchdir_np", as: AddChangeDirectory.self)
    }
    private static var addCloseFrom: AddCloseFrom { glibc("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self) }
}
