import Foundation

/// Settings the speech engine reads once, when its library loads — before `main` can run.
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
