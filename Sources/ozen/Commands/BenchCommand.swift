import Foundation
import OzenEngines
import OzenKit
import OzenSessions

/// `ozen bench latency FILE... [--minutes N] [--fast] [--language L]`: replays recordings
/// through the live pipeline and prints latency, real-time factor, CPU and memory, beside a
/// baseline that decodes each utterance only once, at its end, run in the same command.
enum BenchCommand {
    static func run(_ arguments: [String]) throws {
        if arguments.first == "history" { return try HistoryBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "sounds" { return try SoundsBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "serve" { return try ServeBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "dictate" { return try DictationBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "interpret" { return try InterpretBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "accuracy" { return try AccuracyBenchCommand.run(Array(arguments.dropFirst())) }
        guard arguments.first == "latency" else {
            throw UsageError(tr("bench מקבל: latency קובץ... [--minutes N] [--fast] | accuracy קובץ... [--table] | interpret קובץ... | dictate קובץ... | history | sounds קובץ... | serve קובץ...",
                                "bench takes: latency FILE... [--minutes N] [--fast] | accuracy FILE... [--table] | interpret FILE... | dictate FILE... | history | sounds FILE... | serve FILE..."))
        }
        let args = try ArgumentReader(Array(arguments.dropFirst()), options: ["--minutes", "--language"], flags: ["--fast"])
        guard !args.positional.isEmpty else { throw UsageError(tr("ל־bench latency צריך לפחות הקלטה אחת", "bench latency needs at least one recording")) }
        let language = try SpokenLanguage(rawValue: args.value("--language") ?? "en")
            .orThrow(UsageError(tr("שפה לא מוכרת — השתמשו ב־he, en, sv או auto", "unknown language — use he, en, sv or auto")))
        var samples = [Float]()
        // Recordings follow one another with a second of silence, as turns in a conversation would.
        for path in args.positional {
            samples += try WAVDecoder().read(path: path).atSpeechRate().samples + [Float](repeating: 0, count: 16_000)
        }
        if let raw = args.value("--minutes") {
            guard let minutes = Double(raw), minutes > 0, minutes <= 600 else { throw UsageError(tr("‏--minutes מקבל מספר בין 0 ל־600", "--minutes takes 0 < N ≤ 600")) }
            let target = Int(minutes * 60 * 16_000)
            let once = samples
            while samples.count < target { samples += once.prefix(target - samples.count) }
        }
        let audio = MonoAudio(samples: samples, sampleRate: 16_000)
        let home = OzenHome.fromEnvironment()
        let recognizer = try WhisperRecognizer(model: try InstalledModel.load("base", in: home),
                                               settings: try PipelineSettings.recognizer())
        let vad = try InstalledModel.load("silero-vad", in: home)
        let fast = args.flag("--fast")
        print("\(args.positional.count) recording(s), \(String(format: "%.1f", audio.duration)) s of audio, "
              + "\(ProcessInfo.processInfo.activeProcessorCount) CPUs, \(fast ? "audio clock (as fast as it runs)" : "real time")")

        var results: [(String, Measurement)] = []
        for (name, live) in [("live passes", true), ("baseline: once at the end", false)] {
            var settings = try PipelineSettings.captions(language: language)
            settings.livePasses = live
            results.append((name, try measure(audio, settings: settings, vad: vad, recognizer: recognizer, fast: fast)))
        }
        let header = "                           first words (med/p90)   settle (med/p90)   RTF    CPU s/audio min  lines"
        // RTF: seconds the recognizer was busy per second of audio; CPU counts every thread.
        print(header)
        for (name, m) in results { print(m.row(name)) }
        let (live, base) = (results[0].1, results[1].1)
        if let l = Percentile.median(live.latency.settle), let b = Percentile.median(base.latency.settle),
           let lf = Percentile.median(live.latency.firstWords), let bf = Percentile.median(base.latency.firstWords) {
            print(String(format: "ratio live/baseline: first words %.2f, settle %.2f, CPU %.2f", lf / bf, l / b, live.cpu / base.cpu))
        }
        print(String(format: "peak memory (whole process) %.0f MiB", ProcessUsage.peakMemoryMiB()))
        if audio.duration >= 600 {
            print("settle latency per 5-minute block (live passes):")
            let blocks = Dictionary(grouping: live.latency.samples) { Int($0.lineStart / 300) }
            for block in blocks.keys.sorted() {
                let s = blocks[block]!.map(\.settle)
                print(String(format: "  %3d–%3d min: median %.2f s, p90 %.2f s, %d lines", block * 5, block * 5 + 5,
                             Percentile.median(s) ?? .nan, Percentile.of(s, 90) ?? .nan, s.count))
            }
        }
    }

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
        let captioner = LiveCaptioner(classifier: try SileroFrameClassifier(model: vad, threshold: try CaptionSetup.voiceThreshold()), recognizer: recognizer,
                                      settings: settings, clock: clock)
        var events = [CaptionEvent]()
        let cpuBefore = ProcessUsage.cpuSeconds()
        try RecordingReplay.run(audio, through: captioner, clock: clock) { events.append($0) }
        return Measurement(latency: CaptionLatency(events: events),
                           busy: captioner.busySeconds,
                           cpu: ProcessUsage.cpuSeconds() - cpuBefore, audioSeconds: audio.duration, lines: captioner.linesEmitted)
    }
}

extension Optional {
    func orThrow(_ error: @autoclosure () -> some Error) throws -> Wrapped {
        guard let self else { throw error() }
        return self
    }
}
