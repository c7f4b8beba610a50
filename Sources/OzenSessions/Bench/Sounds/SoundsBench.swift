import Foundation
import OzenEngines
import OzenKit

/// `ozen bench sounds`: what the sound alerts cost. For each tagger (YAMNet, EfficientAT, both
/// together), the time one window of 16 kHz audio takes through a `SoundWatch`-sized call
/// (EfficientAT's windows brought up to 32 kHz first, as the phone's audio is), beside a
/// baseline run in the same command on the same audio: YAMNet's log-mel front end alone.
/// Prints medians and p90 in milliseconds, the ratio to the baseline, and the share of one core
/// each needs when it looks at a new window every 0.48 s, as a live listener does; and what the
/// sounds she taught add (`TaughtSoundMatcher`, the recordings given taught from themselves).
public enum SoundsBench {
    static let hop = SoundWatch.standardHopSeconds

    /// Times `count` windows of each from `recordings` (paths), handing each printed line to `write`.
    public static func run(recordings: [String], count: Int, write: (String) -> Void) throws {
        let home = OzenHome.fromEnvironment()
        var audio: [[Float]] = []
        for path in recordings { audio.append(try WAVDecoder().read(path: path).atSpeechRate().samples) }
        let frontEnd = YAMNetLogMel()
        func windows(seconds: Double) -> [[Float]] {
            let length = Int(seconds * Double(MonoAudio.speechRate)), step = Int(hop * Double(MonoAudio.speechRate))
            var out: [[Float]] = []
            for samples in audio {
                var start = 0
                repeat {
                    out.append(Array(samples[min(start, samples.count)..<min(start + length, samples.count)]))
                    start += step
                } while start + length <= samples.count
            }
            return out
        }
        let baseWindows = windows(seconds: Double(YAMNetLogMel.windowSamples) / Double(MonoAudio.speechRate))
        var rows: [(String, [Double])] = []
        var baseline: [Double] = []
        _ = frontEnd.patch(baseWindows[0])
        for i in 0..<count { baseline.append(milliseconds { _ = frontEnd.patch(baseWindows[i % baseWindows.count]) }) }
        rows.append(("baseline: YAMNet's front end alone", baseline))
        // The phone's 16 kHz audio goes up to 32 kHz once, as it arrives: 0.48 s of it per window.
        let up = Resampler(from: MonoAudio.speechRate, to: EfficientATLogMel.sampleRate)
        let hopPieces = windows(seconds: hop)
        rows.append((String(format: "16 → 32 kHz, %.2f s of audio", hop), (0..<count).map { i in milliseconds { _ = up.resample(hopPieces[i % hopPieces.count]) } }))
        for tagger in SoundTagger.allCases {
            let classifier = try tagger.classifier(home: home)
            let length = Int((classifier.windowSeconds * Double(classifier.sampleRate)).rounded())
            let tagged = windows(seconds: classifier.windowSeconds).map { window in
                classifier.sampleRate == MonoAudio.speechRate ? window : Array(up.resample(window).prefix(length))
            }
            var failure: (any Error)?
            func once(_ window: [Float]) {
                do { _ = try classifier.classify(window) } catch { failure = error }
            }
            once(tagged[0])   // warms the caches and the BLAS
            var times: [Double] = []
            for i in 0..<count { times.append(milliseconds { once(tagged[i % tagged.count]) }) }
            if let failure { throw failure }
            let name: String
            switch tagger {
            case .yamnet: name = "YAMNet (0.98 s at 16 kHz)"
            case .efficientat:
                let recent = (classifier as? EfficientATSoundClassifier)?.recentSeconds.map { String(format: " + last %.0f s", $0) } ?? ""
                name = "EfficientAT (" + String(format: "%.1f s", classifier.windowSeconds) + recent + " at 32 kHz)"
            case .both: name = String(format: "both (%.1f s at 32 kHz)", classifier.windowSeconds)
            }
            rows.append((name + (tagger == .standard ? " *" : ""), times))
        }
        // Sounds she taught (each recording given, taught from itself): their landmarks and votes
        // over the stream at 32 kHz, a window's hop of it at a time, in order, as a microphone's.
        let taught = audio.prefix(5).enumerated().map { index, samples in
            TaughtSound(name: "taught \(index + 1)", group: .doorbell,
                        prints: [TaughtSound.Print(recording: "\(index + 1)", samples: samples, rate: MonoAudio.speechRate)])
        }
        var matcher = TaughtSoundMatcher(sounds: taught, rate: EfficientATLogMel.sampleRate)
        let stream = up.resample(audio.joined().map { $0 })
        let piece = Int(hop * Double(EfficientATLogMel.sampleRate))
        rows.append(("\(taught.count) taught sounds, \(String(format: "%.2f", hop)) s at 32 kHz", (0..<count).map { i in
            let start = (i * piece) % max(1, stream.count - piece)
            return milliseconds { _ = matcher.push(Array(stream[start..<(start + piece)]), start: Double(i) * hop) }
        }))
        write("\(count) timed windows of each from \(recordings.count) recording(s), \(ProcessInfo.processInfo.activeProcessorCount) CPUs, "
              + "BLAS on 1 thread; * the tagger the alerts use")
        write("                                      median ms   p90 ms   ratio   " + String(format: "one window every %.2f s", hop))
        let base = Percentile.median(baseline) ?? .nan
        for (name, values) in rows {
            let median = Percentile.median(values) ?? .nan
            write(name.padding(toLength: 38, withPad: " ", startingAt: 0)
                  + String(format: "%9.2f %8.2f %7.1f   %5.1f %% of one core", median, Percentile.of(values, 90) ?? .nan,
                           median / base, median / (hop * 1000) * 100))
        }
    }

    static func milliseconds(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
