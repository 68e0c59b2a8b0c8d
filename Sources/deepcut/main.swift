import DeepCut
import Foundation

#if canImport(Glibc)
    import Glibc

    // One malloc arena for the whole process, set before any thread starts. glibc gives each
    // thread that meets contention an arena of its own, and memory freed in one arena serves only
    // that arena: the state store's thread reads a quarter million releases into its arena, the
    // diff and publishing allocate in others, and the peak RSS of an offline run was up to 12 MB
    // higher, varying from run to run (BENCHMARKS.md §4). The run is mostly one stage at a time,
    // so the shared arena's lock costs nothing measurable. `mallopt` is looked up by name: Swift's
    // Glibc module leaves out <malloc.h>; M_ARENA_MAX is -8 there.
    if let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-8, 1)
    }
#endif

exit(await DeepCutCLI.main(Array(CommandLine.arguments.dropFirst())))
