import Glibc

/// CLOCK_MONOTONIC in seconds: immune to wall-clock jumps, and the same clock in every process on the machine,
/// so an out-of-process benchmark can compare its own readings with the request log.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}
