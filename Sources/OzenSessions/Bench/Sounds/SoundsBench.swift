import Foundation
import OzenEngines
import OzenKit

/// `ozen bench sounds`: how long YAMNet takes per window of audio
/// (0.982 s), beside a baseline run in the same command on the same windows: the log-mel
/// front end alone. Prints medians and p90 in milliseconds, the ratio, and the share of one
/// core the classifier needs when it looks at a new window every 0.48 s, as a live listener does.
public enum SoundsBench {
    static let hop = 7_680   // 0.48 s

    /// Times `count` windows of each kind from `recordings` (paths), handing each printed line to `write`.
    public static func run(recordings: [String], count: Int, write: (String) -> Void) throws {
        let classifier = try YAMNetSoundClassifier(home: OzenHome.fromEnvironment())
        let length = classifier.windowSampleCount
        var windows: [[Float]] = []
        for path in recordings {
            let samples = try WAVDecoder().read(path: path).atSpeechRate().samples
            var start = 0
            repeat {
                windows.append(Array(samples[min(start, samples.count)..<min(start + length, samples.count)]))
                start += hop
            } while start + length <= samples.count
        }
        let frontEnd = YAMNetLogMel()
        // One untimed pass of each warms the caches and the BLAS.
        _ = frontEnd.patch(windows[0])
        _ = try classifier.classify(windows[0])

        var frontEndMs: [Double] = [], classifyMs: [Double] = []
        for i in 0..<count {
            let window = windows[i % windows.count]
            frontEndMs.append(milliseconds { _ = frontEnd.patch(window) })
            var failure: (any Error)?
            classifyMs.append(milliseconds { do { _ = try classifier.classify(window) } catch { failure = error } })
            if let failure { throw failure }
        }
        write("\(windows.count) window(s) of \(length) samples from \(recordings.count) recording(s), "
              + "\(count) timed of each, \(ProcessInfo.processInfo.activeProcessorCount) CPUs, BLAS on 1 thread")
        write("                                   median ms   p90 ms")
        for (name, values) in [("baseline: log-mel front end alone", frontEndMs), ("YAMNet: front end + network", classifyMs)] {
            write(name.padding(toLength: 35, withPad: " ", startingAt: 0)
                  + String(format: "%9.2f %8.2f", Percentile.median(values) ?? .nan, Percentile.of(values, 90) ?? .nan))
        }
        let full = Percentile.median(classifyMs) ?? .nan, front = Percentile.median(frontEndMs) ?? .nan
        write(String(format: "ratio YAMNet/front end: %.1f; network alone about %.2f ms", full / front, full - front))
        write(String(format: "one window every 0.48 s: %.1f %% of one core", full / 480 * 100))
    }

    static func milliseconds(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
