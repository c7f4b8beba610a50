import Foundation

/// Settings the speech engine and the C allocator read once, when the process loads — before
/// `main` can run. When one is unset, `ozen` sets it and starts itself again.
enum Launch {
    /// The environment `ozen` runs with, and why:
    /// - `OMP_WAIT_POLICY=PASSIVE`: OpenMP threads that wait by spinning made 2-thread passes on
    ///   a loaded 2-core machine take 2.4–27 s for one call; passive waiting was steady
    ///   (RESEARCH.md). libgomp reads it only at load.
    /// - `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1048576`: blocks of 1 MiB and more get
    ///   pages of their own, given back when freed. Every Whisper pass makes a state of its own
    ///   (caches and compute buffers, tens of MiB, sized by the pass's audio); glibc's default
    ///   raises its threshold to the largest such block freed (up to 32 MiB), after which they
    ///   come from the heap of whichever thread ran the pass, and stay. Measured with
    ///   `ozen bench serve --clients 4 --minutes 8 --table …` (README): the server's memory at
    ///   the end went from +37.8 % of warm to +5 %, its peak from 1498 MiB to 649 MiB, CPU per
    ///   minute of audio unchanged. Any GLIBC_TUNABLES she set (even empty, glibc's defaults,
    ///   the baseline of that run) is left as it is.
    static let environment = [
        "OMP_WAIT_POLICY": "PASSIVE",
        "GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=1048576",
    ]

    static func ensureEnvironment() {
        let current = ProcessInfo.processInfo.environment
        let missing = environment.filter { current[$0.key] == nil }
        guard !missing.isEmpty else { return }
        for (name, value) in missing { setenv(name, value, 1) }
        let argv = CommandLine.unsafeArgv
        execv("/proc/self/exe", argv)
        // execv only returns on failure; then carry on with the library defaults.
    }
}
