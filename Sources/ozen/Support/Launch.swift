import Foundation

/// Settings the speech engine and the C allocator read once, when the process loads — before
/// `main` can run. When one is unset, `ozen` sets it and starts itself again.
enum Launch {
    /// The environment `ozen` runs with, and why:
    /// - `OMP_WAIT_POLICY=PASSIVE`: OpenMP threads that wait by spinning made 2-thread passes on
    ///   a loaded 2-core machine take 2.4–27 s for one call; passive waiting was steady
    ///   (RESEARCH.md). libgomp reads it only at load.
    static let threads = ["OMP_WAIT_POLICY": "PASSIVE"]

    /// - `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1048576`: blocks of 1 MiB and more get
    ///   pages of their own, given back when freed. Every Whisper pass makes a state of its own
    ///   (caches and compute buffers, tens of MiB, sized by the pass's audio); glibc's default
    ///   raises its threshold to the largest such block freed (up to 32 MiB), after which they
    ///   come from the heap of whichever thread ran the pass, and stay.
    /// - `MALLOC_ARENA_MAX=2`: two heaps instead of glibc's 8 per core, so the stream threads'
    ///   small blocks do not spread over 16 heaps that each keep their own free space.
    ///   (A separate variable: glibc cuts GLIBC_TUNABLES after its first setting in the
    ///   environment a child inherits.)
    ///
    /// Measured with `ozen bench serve --clients 4 --minutes 30 --idle 300 --table …` (README):
    /// glibc's own settings ended 38 % above warm, peak 2173 MiB; the threshold alone +6.4 %,
    /// peak 1168 MiB, still growing at the end of the run; both, flat from minute 11 at about
    /// 800 MiB, peak 827 MiB, about 450 MiB at the end either way. CPU per minute of audio and
    /// the finals' latency unchanged. If she set either variable (even empty: glibc's own
    /// settings, the baseline of those runs), neither is touched. With blocks unmapped when
    /// freed, a thread still decoding while the process exits crashes instead of reading
    /// stale memory unseen: `ozen serve` waits for its pipelines before it exits
    /// (`PipelineThreads`, `ServeStopTests`).
    static let allocator = [
        "GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=1048576",
        "MALLOC_ARENA_MAX": "2",
    ]

    static func ensureEnvironment() {
        let current = ProcessInfo.processInfo.environment
        let chosen = allocator.keys.contains { current[$0] != nil }
        let missing = threads.merging(chosen ? [:] : allocator) { $1 }.filter { current[$0.key] == nil }
        guard !missing.isEmpty else { return }
        for (name, value) in missing { setenv(name, value, 1) }
        let argv = CommandLine.unsafeArgv
        execv("/proc/self/exe", argv)
        // execv only returns on failure; then carry on with the library defaults.
    }
}
