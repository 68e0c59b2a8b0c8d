import Glibc

/// The `$JOURNAL_STREAM` handshake: systemd sets it to `DEV:INODE` of the stream it connected to
/// stdout/stderr. Only when stderr *is* that stream do `<N>` priority prefixes reach journald;
/// printed anywhere else (a terminal, a redirected file) they would be noise.
struct JournalStream: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64

    /// - Parameter value: `DEV:INODE` in decimal, as systemd writes it.
    init?(_ value: String) {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return nil }
        self.device = device
        self.inode = inode
    }

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The stream `descriptor` is open on, or nil when it is not open.
    static func of(descriptor: Int32) -> JournalStream? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return JournalStream(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// True when `$JOURNAL_STREAM` names exactly the file `descriptor` is open on.
    static func isConnected(_ descriptor: Int32, environment: [String: String]) -> Bool {
        guard let announced = environment["JOURNAL_STREAM"].flatMap(JournalStream.init) else { return false }
        return of(descriptor: descriptor) == announced
    }
}
