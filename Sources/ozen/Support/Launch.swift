import Foundation

/// Settings the speech engine and the C allocator read once, when the process loads — before
/// `main` can run. When one is unset, `ozen` sets it and starts itself again.
enum Launch {
    /// The environment `ozen` runs with, and why:
    /// - `GOMP_SPINCOUNT=1000`: an OpenMP thread that reaches a barrier spins that many times
    ///   (tens of microseconds) before it sleeps. Spinning without end made 2-thread passes on a
    ///   loaded 2-core machine take 2.4–27 s for one call (docs/findings.md, "OpenMP threads that
    ///   spin"); never spinning (`OMP_WAIT_POLICY=PASSIVE`, the setting before this one) puts a
    ///   thread to sleep and wakes it at each of the decoder's many small steps. The five-person
    ///   table replayed at real time (`ozen bench accuracy --table --realtime-only`, against
    ///   `OMP_WAIT_POLICY=PASSIVE` in the same command, alternated, 2 rounds): a turn's final 1.80
    ///   and 2.12 s after its speech (median) against 2.29 and 2.37, first words 1.33 and 1.52 s
    ///   against 2.08 and 2.10; CPU 66.4 and 65.0 s per audio minute against 58.6 and 60.1 (live
    ///   passes are spaced by their own cost, so cheaper ones come more often: 59 against 44 in one
    ///   run with `--passes`, for the same 28.8 s of passes). 10000 spins were as quick here (1.68
    ///   and 1.84 s); they were not chosen because, in scratch runs of whisper.cpp's own CLI with
    ///   both cores kept busy by other programs, they made the decode slower than sleeping, where
    ///   1000 did not. If she set either variable, neither is touched. libgomp reads them only at
    ///   load.
    static let threads = Group(values: ["GOMP_SPINCOUNT": "1000"], alsoHers: ["OMP_WAIT_POLICY"])

    /// - `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072`: blocks of 128 KiB and more get
    ///   pages of their own, given back when freed. Every Whisper pass makes a state of its own
    ///   (caches and compute buffers, tens of MiB, sized by the pass's audio); glibc's default
    ///   raises its threshold to the largest such block freed (up to 32 MiB), after which they
    ///   come from the heap of whichever thread ran the pass, and stay. 128 KiB rather than the
    ///   1 MiB before it: `ozen caption --realtime` on the five-person table (seed 7, 74.5 s;
    ///   3 rounds alternated, 2026-12-04) peaked at 400.7–401.0 against 404.4–405.5 MiB, for
    ///   0.2–0.8 s more system CPU in the run; 256 KiB peaked the same as 128. `ozen bench
    ///   serve --clients 4 --minutes 3 --idle 300 --table …`, one run each: peak 466 against
    ///   484 MiB, the end +4.9 % against +4.8 % of warm, CPU 24.6 against 24.3 s per minute of
    ///   audio, finals' p90 1.69 against 1.62 s.
    /// - `MALLOC_ARENA_MAX=1`: one heap instead of glibc's 8 per core, so the stream threads'
    ///   small blocks do not spread over 16 heaps that each keep their own free space. One
    ///   rather than two: `ozen bench serve --clients 4 --minutes 8 --idle 300 --table …` with
    ///   1 then 2 in one command (2026-12-03, q8_0 base) peaked at 526 against 666 MiB and ended
    ///   6.0 % against 7.3 % above warm, finals' p90 1.91 against 2.01 s, CPU 25.2 against 25.5 s
    ///   per minute of audio; with the f16 base earlier, 595 against 755 MiB.
    ///   (A separate variable: glibc cuts GLIBC_TUNABLES after its first setting in the
    ///   environment a child inherits.)
    ///
    /// Measured with the threshold at 1 MiB, by `ozen bench serve --clients 4 --minutes 30
    /// --idle 300 --table …` (README): glibc's own settings ended 38 % above warm, peak
    /// 2173 MiB; the threshold alone +6.4 %, peak 1168 MiB, still growing at the end of the
    /// run; both, flat from minute 11 at about 800 MiB, peak 827 MiB, about 450 MiB at the end
    /// either way. CPU per minute of audio and the finals' latency unchanged. If she set either
    /// variable (even empty: glibc's own settings, the baseline of those runs), neither is
    /// touched. With blocks unmapped when freed, a thread still decoding while the process
    /// exits crashes instead of reading stale memory unseen: `ozen serve` waits for its
    /// pipelines before it exits (`PipelineThreads`, `ServeStopTests`).
    static let allocator = Group(values: [
        "GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=131072",
        "MALLOC_ARENA_MAX": "1",
    ])

    /// Settings made together, and left alone together once she set any of them herself, or
    /// one of `alsoHers` (another way of choosing the same thing).
    struct Group {
        var values: [String: String]
        var alsoHers: [String] = []

        func missing(from environment: [String: String]) -> [String: String] {
            let chosen = (Array(values.keys) + alsoHers).contains { environment[$0] != nil }
            return chosen ? [:] : values
        }
    }

    static func ensureEnvironment() {
        let current = ProcessInfo.processInfo.environment
        let missing = threads.missing(from: current).merging(allocator.missing(from: current)) { $1 }
        guard !missing.isEmpty else { return }
        for (name, value) in missing { setenv(name, value, 1) }
        let argv = CommandLine.unsafeArgv
        execv("/proc/self/exe", argv)
        // execv only returns on failure; then carry on with the library defaults.
    }
}
