import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// `ozen bench dictate`: each recording as a take
/// (cut at 60 s), replayed at real time through dictation's path, and for the set:
/// - the time from the stop (the end of the take's audio, on the wall clock) to the text ready
///   to insert, with the local polish and, with `--llm`, the configured provider's (median, p90);
/// - the word error rate of the raw text against the recording's transcript, beside the same
///   model decoding the whole take offline (beam 5, no time pressure), in the same run.
/// `--join` also makes 30 s and 60 s takes from the recordings joined with 0.8 s pauses.
/// `--quiet-before-stop S` adds S seconds of silence to the end of each take: she taps stop a
/// moment after her last word, not on it.
/// `--baseline` replays each take a second time, in the same run, as takes were before the stop
/// was made quick (a live pass running at the stop runs out; no final pass in the quiet before
/// it), for the ratio.
public enum DictationBench {
    /// Runs the bench, handing each printed line to `write` as it is ready.
    public static func run(_ bench: DictationBenchSettings, write: (String) -> Void) throws {
        let language = bench.language
        let home = OzenHome.fromEnvironment()
        let models = try PipelineBuilder(home: home, models: .init(live: "base", recognizer: try PipelineSettings.recognizer(), speakers: false))
        let llm = bench.llm ? DictationPolisher(mode: .llm, provider: try ProviderStore(home: home).load(purpose: .dictation)) : nil
        let rate = MonoAudio.speechRate

        var takes: [(name: String, samples: [Float], transcript: String?)] = []
        for path in bench.recordings {
            takes.append(((path as NSString).lastPathComponent, try WAVDecoder().read(path: path).atSpeechRate().samples,
                          try ReferenceTranscripts.find(for: path)))
        }
        if bench.join {
            for target in [30.0, 60.0] {
                // Whole recordings, so the joined take's transcript is known. The 60 s take is made
                // from the recordings and the 30 s take (the clean fixtures hold about 36 s of
                // distinct speech), so it says passages twice, as she may when she starts over:
                // the second time, the first is in the final pass's prompt.
                var samples: [Float] = [], texts: [String] = [], names = 0
                let pause = [Float](repeating: 0, count: Int(0.8 * Double(rate)))
                let order = takes.filter { $0.transcript != nil }.shuffledDeterministically()
                for take in order {
                    let added = (samples.isEmpty ? 0 : pause.count) + take.samples.count
                    guard samples.count + added <= Int(target) * rate else { continue }
                    if !samples.isEmpty { samples += pause }
                    samples += take.samples
                    texts.append(take.transcript!)
                    names += 1
                }
                guard names > 0 else { continue }
                takes.append(("joined \(Int(target)) s (\(names) recordings)", samples, texts.joined(separator: " ")))
            }
        }

        let baseline = bench.baseline && bench.realtime
        let quietBeforeStop = bench.quietBeforeStop
        guard (0...5).contains(quietBeforeStop) else {
            throw UsageError(tr("--quiet-before-stop הוא שניות בין 0 ל־5", "--quiet-before-stop is seconds from 0 to 5"))
        }
        var localReady: [Double] = [], llmReady: [Double] = [], baselineReady: [Double] = []
        var liveCount = WordErrorRate.Count(errors: 0, referenceWords: 0), offlineCount = liveCount
        write("take                                     seconds   ready(local)  ready(llm)   WER live / offline"
              + (baseline ? "   ready(baseline)" : ""))
        for take in takes {
            let quiet = [Float](repeating: 0, count: Int(quietBeforeStop * Double(rate)))
            let samples = Array((take.samples + quiet).prefix(Int(DictationTake.longest) * rate))
            let audio = MonoAudio(samples: samples, sampleRate: rate)
            /// The take, and seconds from its stop to its text polished locally.
            func replay(quickStop: Bool) throws -> (DictationTake, Double) {
                let result = try DictationTake.transcribe(audio, language: language, models: models,
                                                           realtime: bench.realtime, quickStop: quickStop)
                _ = DictationPolisher(mode: .local).polish(result.raw, language: language.rawValue)
                return (result, RealTimeClock.seconds(ContinuousClock.now - result.stoppedAt))
            }
            let (result, local) = try replay(quickStop: true)
            localReady.append(local)
            var llmText = "     -     "
            if let llm {
                let before = ContinuousClock.now
                let polished = llm.polish(result.raw, language: language.rawValue)
                let seconds = local + RealTimeClock.seconds(ContinuousClock.now - before)
                llmReady.append(seconds)
                llmText = String(format: "%6.2f s%@", seconds, polished.note == nil ? "  " : " *")
            }
            var werText = "   -   "
            if let transcript = take.transcript {
                var options = DecodingOptions(language: language, beamSize: 5, allowsFallback: true, audioContextMargin: 0)
                options.promptsWithEarlierWindows = true
                let offline = try models.recognizer.transcribe(samples, options: options).text
                let live = WordErrorRate.count(reference: transcript, hypothesis: result.raw)
                let off = WordErrorRate.count(reference: transcript, hypothesis: offline)
                liveCount = liveCount + live
                offlineCount = offlineCount + off
                werText = String(format: "%5.1f %% / %5.1f %%", live.rate * 100, off.rate * 100)
                if bench.showsTexts { write("   said:  \(transcript)\n   raw:   \(result.raw)\n   offline: \(offline)") }
            }
            var baselineText = ""
            if baseline {
                let (_, seconds) = try replay(quickStop: false)
                baselineReady.append(seconds)
                baselineText = String(format: "   %6.2f s", seconds)
            }
            write(take.name.padding(toLength: 40, withPad: " ", startingAt: 0)
                  + String(format: " %6.1f    %6.2f s   ", result.seconds, local) + llmText + "   " + werText + baselineText)
        }
        func figure(_ values: [Double]) -> String {
            guard let median = Percentile.median(values), let p90 = Percentile.of(values, 90) else { return "-" }
            return String(format: "median %.2f s, p90 %.2f s", median, p90)
        }
        write("\nstop → text ready, local polish: " + figure(localReady))
        if baseline, let now = Percentile.median(localReady), let before = Percentile.median(baselineReady), before > 0 {
            write("baseline (no quick stop):         " + figure(baselineReady)
                  + String(format: "; median ratio %.2f", now / before))
        }
        if llm != nil { write("stop → text ready, LLM polish:   " + figure(llmReady) + "   (* the LLM's answer was not used)") }
        if liveCount.referenceWords > 0 {
            write(String(format: "raw text WER %.1f %% (%d words); the same model offline %.1f %%",
                         liveCount.rate * 100, liveCount.referenceWords, offlineCount.rate * 100))
        }
    }
}

private extension Array {
    /// The same order every run, not the file order: joined takes mix the recordings.
    func shuffledDeterministically() -> [Element] {
        var generator = SplitMix(seed: 7)
        return shuffled(using: &generator)
    }
}
