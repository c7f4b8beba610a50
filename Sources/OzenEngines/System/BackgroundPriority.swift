import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The lowest CPU priority for the calling thread (nice 19), for work nobody waits for: a
/// locked line heard again (`DecodingOptions.runsInBackground`). Linux keeps a nice value per
/// thread, and the threads a decode starts inherit it, so the kernel gives the pipeline's own
/// passes the processor first (at nice 19 a busy thread gets about 1.5 % of a core against a
/// normal one) and the correction the time left over. An unprivileged thread cannot come back
/// up, so only a thread kept for such work is lowered.
enum BackgroundPriority {
    static func lowerThisThread() {
        #if os(Linux)
        // On Linux `who` 0 with PRIO_PROCESS is the calling thread alone (setpriority(2), NOTES).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }
}
