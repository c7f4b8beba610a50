import Foundation

/// Settings the speech engine reads once, when the process loads — before `main` can run.
///
/// Not set here, though measured: glibc's allocator settings. `GLIBC_TUNABLES=glibc.malloc.
/// mmap_threshold=1048576 MALLOC_ARENA_MAX=2 ozen serve` kept a 30-minute soak of 4 clients
/// flat at about 800 MiB (peak 827 MiB, against 2173 MiB with glibc's own settings; README),
/// but with them as the default one `make test` run saw `ozen serve` crash when stopped
/// (DisplayPageTests' page microphone; swift-backtrace then held the test's pipe and the run
/// hung). The cause is not known yet; memory used after it is freed at shutdown would be one,
/// since blocks mapped apart are unmapped when freed. They wait until it is found.
enum Launch {
    /// OpenMP threads that wait by spinning made 2-thread passes on a loaded 2-core machine
    /// take 2.4–27 s for one call; passive waiting was steady (RESEARCH.md). libgomp reads
    /// OMP_WAIT_POLICY only at load, so when it is unset `ozen` sets it and starts itself again.
    static func ensureQuietThreads() {
        guard ProcessInfo.processInfo.environment["OMP_WAIT_POLICY"] == nil else { return }
        setenv("OMP_WAIT_POLICY", "PASSIVE", 1)
        let argv = CommandLine.unsafeArgv
        execv("/proc/self/exe", argv)
        // execv only returns on failure; then carry on with spinning threads.
    }
}
