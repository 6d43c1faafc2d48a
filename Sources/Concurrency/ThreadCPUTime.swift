import Foundation

/// The processor time the calling thread has used (POSIX's per-thread CPU clock), for the stage times an
/// export reports: what a stage cost, not counting the time its thread waited or was not running.
public enum ThreadCPUTime {
    /// Seconds since an arbitrary start, for differences on the same thread.
    public static func now() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
