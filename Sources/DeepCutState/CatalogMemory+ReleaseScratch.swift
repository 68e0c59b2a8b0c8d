import DeepCutCore

/// One buffer that an artist's releases are read into and then moved out of, into a list of
/// exactly their number: reading 5,000 artists' listings grows it once, and no release is copied
/// (a copy retains, then releases, every string it holds).
struct ReleaseScratch: ~Copyable {
    private var base: UnsafeMutablePointer<Release>
    private var capacity: Int
    private var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    mutating func append(_ release: Release) {
        if count == capacity { grow() }
        (base + count).initialize(to: release)
        count += 1
    }

    /// Every release appended since the last take, in order, in a list of their own size; the buffer is left empty.
    mutating func takeAll() -> [Release] {
        let taken = count
        guard taken > 0 else { return [] }
        let source = base
        count = 0
        return [Release](unsafeUninitializedCapacity: taken) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: taken)
            initialized = taken
        }
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Release>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
