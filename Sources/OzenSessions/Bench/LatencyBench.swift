import Foundation
import OzenEngines
import OzenKit

/// `ozen bench latency`: replays recordings through the live pipeline and prints latency,
/// real-time factor, CPU and memory, beside a baseline that decodes each utterance only once,
/// at its end, run in the same command.
public enum LatencyBench {
    /// The recordings at `paths` one after another, each followed by a second of silence, as
    /// turns in a conversation would be.
    public static func samples(_ paths: [String]) throws -> [Float] {
        var samples = [Float]()
        for path in paths {
            samples += try WAVDecoder().read(path: path).atSpeechRate().samples + [Float](repeating: 0, count: 16_000)
        }
        return samples
    }

    /// `samples` repeated until they last `minutes` (`--minutes`: a long session's drift).
    public static func looped(_ samples: [Float], toMinutes minutes: Double) -> [Float] {
        var samples = samples
        let target = Int(minutes * 60 * 16_000)
        let once = samples
        while samples.count < target { samples += once.prefix(target - samples.count) }
        return samples
    }

    /// Replays `samples` (from `recordings` recordings) with live passes and with the baseline,
    /// on the audio clock when `fast`, handing each printed line to `write`.
    public static func run(_ samples: [Float], recordings: Int, language: SpokenLanguage, fast: Bool, write: (String) -> Void) throws {
        let audio = MonoAudio(samples: samples, sampleRate: 16_000)
        let home = OzenHome.fromEnvironment()
        let recognizer = try WhisperRecognizer(model: try InstalledModel.load("base", in: home),
                                               settings: try PipelineSettings.recognizer())
        let vad = try InstalledModel.load("silero-vad", in: home)
        write("\(recordings) recording(s), \(String(format: "%.1f", audio.duration)) s of audio, "
              + "\(ProcessInfo.processInfo.activeProcessorCount) CPUs, \(fast ? "audio clock (as fast as it runs)" : "real time")")

        var results: [(String, Measurement)] = []
        for (name, live) in [("live passes", true), ("baseline: once at the end", false)] {
            var settings = try PipelineSettings.captions(language: language)
            settings.livePasses = live
            results.append((name, try measure(audio, settings: settings, vad: vad, recognizer: recognizer, fast: fast)))
        }
        let header = "                           first words (med/p90)   settle (med/p90)   RTF    CPU s/audio min  lines"
        // RTF: seconds the recognizer was busy per second of audio; CPU counts every thread.
        write(header)
        for (name, m) in results { write(m.row(name)) }
        let (live, base) = (results[0].1, results[1].1)
        if let l = Percentile.median(live.latency.settle), let b = Percentile.median(base.latency.settle),
           let lf = Percentile.median(live.latency.firstWords), let bf = Percentile.median(base.latency.firstWords) {
            write(String(format: "ratio live/baseline: first words %.2f, settle %.2f, CPU %.2f", lf / bf, l / b, live.cpu / base.cpu))
        }
        write(String(format: "peak memory (whole process) %.0f MiB", ProcessUsage.peakMemoryMiB()))
        if audio.duration >= 600 {
            write("settle latency per 5-minute block (live passes):")
            let blocks = Dictionary(grouping: live.latency.samples) { Int($0.lineStart / 300) }
            for block in blocks.keys.sorted() {
                let s = blocks[block]!.map(\.settle)
                write(String(format: "  %3d–%3d min: median %.2f s, p90 %.2f s, %d lines", block * 5, block * 5 + 5,
                             Percentile.median(s) ?? .nan, Percentile.of(s, 90) ?? .nan, s.count))
            }
        }
    }

    /// One run's figures.
    struct Measurement {
        var latency: CaptionLatency
        var busy: Double
        var cpu: Double
        var audioSeconds: Double
        var lines: Int

        func row(_ name: String) -> String {
            func f(_ v: Double?) -> String { v.map { String(format: "%5.2f", $0) } ?? "  -  " }
            return name.padding(toLength: 27, withPad: " ", startingAt: 0)
                + "  \(f(Percentile.median(latency.firstWords)))/\(f(Percentile.of(latency.firstWords, 90))) s"
                + "        \(f(Percentile.median(latency.settle)))/\(f(Percentile.of(latency.settle, 90))) s"
                + String(format: "   %.3f  %8.1f        %d", busy / audioSeconds, cpu / audioSeconds * 60, lines)
        }
    }

    static func measure(_ audio: MonoAudio, settings: LiveSettings, vad: InstalledModel,
                        recognizer: WhisperRecognizer, fast: Bool) throws -> Measurement {
        let clock: any PipelineClock = fast ? AudioClock() : RealTimeClock()
        let captioner = LiveCaptioner(classifier: try SileroFrameClassifier(model: vad, threshold: try PipelineBuilder.voiceThreshold()), recognizer: recognizer,
                                      settings: settings, clock: clock)
        var events = [CaptionEvent]()
        let cpuBefore = ProcessUsage.cpuSeconds()
        try RecordingReplay.run(audio, through: captioner, clock: clock) { events.append($0) }
        return Measurement(latency: CaptionLatency(events: events),
                           busy: captioner.busySeconds,
                           cpu: ProcessUsage.cpuSeconds() - cpuBefore, audioSeconds: audio.duration, lines: captioner.linesEmitted)
    }
}
