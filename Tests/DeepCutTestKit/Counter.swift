import Synchronization

/// A count shared between tasks.
package final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    package init() {}

    package var value: Int { count.load(ordering: .relaxed) }
    package func increment() { count.add(1, ordering: .relaxed) }
}
