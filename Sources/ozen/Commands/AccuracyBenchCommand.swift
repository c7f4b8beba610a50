import Foundation
import OzenEngines
import OzenKit
import OzenSessions

/// `ozen bench accuracy FILE... [--table [--seed N]] [--language L] [--no-realtime | --realtime-only | --file-only] [--lines]`: how close the live
/// pipeline's locked lines come to the same model decoding the same audio with no time
/// pressure, printed side by side for each recording:
///
/// - WER of the locked lines in a `--realtime` replay and in file mode (the steady clock);
/// - WER of the same model offline: the whole recording in one decode (30 s windows, each
///   primed with the text before it, beam 5, temperature fallback), and each turn decoded alone
///   (the table) or each live line's stretch decoded alone;
/// - lines per spoken turn, and lines that hold two people (the table, whose truth is known);
/// - latency on the wall clock, stamped here as each event is written: a turn's settle (its
///   last line locked minus the end of its speech), its text final (that line's words first
///   shown all settled, minus the same end: the line itself locks only after the line pause)
///   and first words (its first words shown minus its start), median and p90;
/// - CPU seconds per audio minute and peak memory, with speakers and sounds on.
///
/// `--realtime-only` runs the `--realtime` replay alone (no file mode, no offline decodes): a
/// quicker way to compare latency between settings, several runs in a row. `--file-only` runs
/// file mode alone (the steady clock, the same lines every run): the quick way to compare the
/// locked lines' words between settings.
///
/// References: `FILE.txt` beside the recording, or a pocketsphinx-style `transcription` /
/// `*.transcription` file in its folder (`<s> words </s> (name)`). `--table` builds a table of
/// real people from the fixtures (the LibriVox reader, President Kennedy, the cards reader and
/// the pyannote call's two women, each turn with its transcript) with 0.8–1.2 s between turns.
enum AccuracyBenchCommand {
    struct Recording {
        var name: String
        var samples: [Float]
        var reference: String?
        /// Who said what when (the table only).
        var turns: [(turn: SpeechTurn, text: String)] = []
        var seconds: Double { Double(samples.count) / Double(MonoAudio.speechRate) }
    }

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--language", "--seed", "--fixtures"], flags: ["--table", "--no-realtime", "--realtime-only", "--file-only", "--lines", "--passes"])
        let language = try args.spokenLanguage(default: .english)
        guard [args.flag("--no-realtime"), args.flag("--realtime-only"), args.flag("--file-only")].filter({ $0 }).count <= 1 else {
            throw UsageError(tr("אפשר רק אחד מ־--no-realtime, --realtime-only, --file-only", "only one of --no-realtime, --realtime-only and --file-only can be given"))
        }
        var recordings: [Recording] = []
        for path in args.positional {
            let samples = try WAVDecoder().read(path: path).atSpeechRate().samples
            recordings.append(Recording(name: (path as NSString).lastPathComponent, samples: samples,
                                        reference: try ReferenceTranscripts.find(for: path)))
        }
        if args.flag("--table") {
            let seed = UInt64(args.value("--seed") ?? "7") ?? 7
            recordings.append(try table(folder: try FixturesFolder.checked(args.value("--fixtures")), seed: seed))
        }
        guard !recordings.isEmpty else {
            throw UsageError(tr("ל־bench accuracy צריך הקלטה אחת לפחות, או --table", "bench accuracy needs at least one recording, or --table"))
        }
        let home = OzenHome.fromEnvironment()
        let recognizerSettings = try PipelineSettings.recognizer()
        let settings = try PipelineSettings.captions(language: language)
        print("ozen bench accuracy: Whisper base, \(ProcessInfo.processInfo.activeProcessorCount) CPUs, speakers and sounds on; "
              + "latency on the wall clock as each event is written")
        for recording in recordings {
            print("\n== \(recording.name): \(String(format: "%.1f", recording.seconds)) s"
                  + (recording.turns.isEmpty ? "" : ", \(recording.turns.count) turns")
                  + (recording.reference.map { ", \(WordErrorRate.normalisedWords($0).count) reference words" } ?? ", no reference text"))
            var runs: [(String, Run)] = []
            let fileOnly = args.flag("--file-only")
            if !args.flag("--no-realtime") && !fileOnly {
                runs.append(("live, --realtime replay", try caption(recording, settings: settings, realtime: true, home: home,
                                                                    recognizerSettings: recognizerSettings, showPasses: args.flag("--passes"))))
            }
            let realtimeOnly = args.flag("--realtime-only")
            if !realtimeOnly {
                runs.append(("live, file mode", try caption(recording, settings: settings, realtime: false, home: home,
                                                             recognizerSettings: recognizerSettings, showPasses: args.flag("--passes"))))
            }
            // The same model with no time pressure (not with --realtime-only or --file-only, quicker A/Bs).
            var whole: String?, alone: String?, eachTurn: [String] = []
            let aloneName = recording.turns.isEmpty ? "offline, each live line alone" : "offline, each turn alone"
            if !realtimeOnly && !fileOnly {
                let recognizer = try WhisperRecognizer(model: try InstalledModel.load("base", in: home), settings: recognizerSettings)
                whole = try offline(recording.samples, language: language, recognizer: recognizer, wholeRecording: true)
                if recording.turns.isEmpty {
                    alone = try runs[0].1.lines.map { line in
                        try offline(stretch(recording.samples, from: line.start - 0.3, to: line.end + 0.3), language: language,
                                    recognizer: recognizer, wholeRecording: false)
                    }.joined(separator: " ")
                } else {
                    eachTurn = try recording.turns.map { t in
                        try offline(stretch(recording.samples, from: t.turn.start, to: t.turn.end), language: language,
                                    recognizer: recognizer, wholeRecording: false)
                    }
                    alone = eachTurn.joined(separator: " ")
                }
            }
            func wer(_ text: String) -> String {
                guard let reference = recording.reference else { return "   -  " }
                return String(format: "%5.1f%%", 100 * WordErrorRate.count(reference: reference, hypothesis: text).rate)
            }
            func toOffline(_ text: String) -> String {
                guard let whole else { return "   -  " }
                return String(format: "%5.1f%%", 100 * WordErrorRate.count(reference: whole, hypothesis: text).rate)
            }
            print("                                   WER    vs offline  lines  per turn  two-person  settle med/p90   text final med/p90   first words med/p90   CPU s/min")
            for (name, run) in runs {
                let text = run.lines.map(\.text).joined(separator: " ")
                let turnsFigures = recording.turns.isEmpty ? "     -          -   "
                    : String(format: "   %4.2f        %2d   ", Double(run.lines.count) / Double(recording.turns.count),
                             twoPersonLines(run.lines, turns: recording.turns.map(\.turn)))
                let latency = recording.turns.isEmpty ? run.lineLatency() : run.turnLatency(recording.turns.map(\.turn))
                print(name.padding(toLength: 33, withPad: " ", startingAt: 0) + "  \(wer(text))   \(toOffline(text))    "
                      + String(format: "%3d", run.lines.count) + turnsFigures
                      + "  \(f(Percentile.median(latency.settle)))/\(f(Percentile.of(latency.settle, 90))) s"
                      + "     \(f(Percentile.median(latency.textFinal)))/\(f(Percentile.of(latency.textFinal, 90))) s"
                      + "        \(f(Percentile.median(latency.firstWords)))/\(f(Percentile.of(latency.firstWords, 90))) s"
                      + String(format: "       %5.1f", run.cpu / recording.seconds * 60))
            }
            if args.flag("--lines") {
                for (name, run) in runs {
                    print("-- \(name): each line as it locked (wall clock s)")
                    for stamped in run.events {
                        guard case .line(let line, _) = stamped.event, !line.text.isEmpty else { continue }
                        print(String(format: "   %6.2f  [%6.2f → %6.2f] ", stamped.wall, line.start, line.end) + (line.speaker.map { $0 + ": " } ?? "") + line.text)
                    }
                }
                if !recording.turns.isEmpty {
                    print("-- the turns")
                    for (i, t) in recording.turns.enumerated() {
                        print(String(format: "          [%6.2f → %6.2f] ", t.turn.start, t.turn.end) + t.turn.speaker + ": " + t.text)
                        if i < eachTurn.count { print("                            offline, alone: " + eachTurn[i]) }
                    }
                }
            }
            if let whole, let alone {
                print("offline, whole recording".padding(toLength: 33, withPad: " ", startingAt: 0) + "  \(wer(whole))   \(toOffline(whole))")
                print(aloneName.padding(toLength: 33, withPad: " ", startingAt: 0) + "  \(wer(alone))   \(toOffline(alone))")
            }
        }
        print(String(format: "\npeak memory (whole process) %.0f MiB", BenchCommand.peakMemoryMiB()))
    }

    static func f(_ v: Double?) -> String { v.map { String(format: "%5.2f", $0) } ?? "  -  " }

    // MARK: - Runs

    struct StampedEvent {
        var event: CaptionEvent
        /// Seconds since the audio started, on this process's wall clock, when it was written.
        var wall: Double
    }

    struct Run {
        var events: [StampedEvent]
        var cpu: Double
        /// Each line once, with its final text (parts of a split line are lines of their own).
        var lines: [CaptionLine] {
            events.compactMap { if case .line(let line, _) = $0.event, !line.text.isEmpty { return line } else { return nil } }
        }

        /// Per line: locked minus its end, its words first shown all settled minus the same end,
        /// first shown minus its start (the lines' own times).
        func lineLatency() -> (settle: [Double], textFinal: [Double], firstWords: [Double]) {
            let latency = CaptionLatency(stamped: events.map { ($0.event, $0.wall) })
            return (latency.settle, latency.textFinal, latency.firstWords)
        }

        /// Per true turn: the last line that overlaps it locked minus its speech's end; that
        /// line's words first shown all settled minus the same end (`CaptionLatency`); the first
        /// words shown of a line overlapping it minus its start.
        func turnLatency(_ turns: [SpeechTurn]) -> (settle: [Double], textFinal: [Double], firstWords: [Double]) {
            let lineLatency = CaptionLatency(stamped: events.map { ($0.event, $0.wall) }).samples
            var settle: [Double] = [], textFinal: [Double] = [], first: [Double] = []
            for turn in turns {
                func overlaps(_ line: CaptionLine) -> Bool { min(line.end, turn.end) - max(line.start, turn.start) > 0.2 }
                let shown = events.first { stamped in
                    switch stamped.event {
                    case .partial(let line, _), .line(let line, _): return !line.text.isEmpty && overlaps(line)
                    default: return false
                    }
                }
                let locked = events.last { stamped in
                    if case .line(let line, _) = stamped.event { return !line.text.isEmpty && overlaps(line) } else { return false }
                }
                if let locked, case .line(let line, _) = locked.event {
                    settle.append(locked.wall - turn.end)
                    let sample = lineLatency.first { $0.lineID == line.id }
                    textFinal.append((sample.map { $0.textFinal + line.end } ?? locked.wall) - turn.end)
                }
                if let shown { first.append(shown.wall - turn.start) }
            }
            return (settle, textFinal, first)
        }
    }

    /// One pass of the live pipeline over the recording, with fresh speakers and sounds.
    static func caption(_ recording: Recording, settings: LiveSettings, realtime: Bool, home: OzenHome,
                        recognizerSettings: WhisperRecognizer.Settings, showPasses: Bool) throws -> Run {
        let models = try CaptionSetup.loadModels(modelName: "base", home: home, recognizerSettings: recognizerSettings, speakers: true)
        let sounds = SoundAlerts.watchOrWarn(home: home, alsoMuted: [])
        let clock: any PipelineClock = realtime ? RealTimeClock() : SteadyCostClock()
        let captioner = models.captioner(settings: settings, clock: clock)
        let started = ContinuousClock.now
        if showPasses {
            captioner.passLog = { line in
                FileHandle.standardError.write(Data((String(format: "   %6.2f  ", RealTimeClock.seconds(ContinuousClock.now - started)) + line + "\n").utf8))
            }
        }
        let cpuBefore = BenchCommand.cpuSeconds()
        var events: [StampedEvent] = []
        try RecordingReplay.run(MonoAudio(samples: recording.samples, sampleRate: MonoAudio.speechRate), through: captioner,
                                clock: clock, listeners: sounds.map { [$0] } ?? []) { event in
            events.append(StampedEvent(event: event, wall: realtime ? RealTimeClock.seconds(ContinuousClock.now - started) : event.at))
        }
        return Run(events: events, cpu: BenchCommand.cpuSeconds() - cpuBefore)
    }

    /// The same model with no time pressure: Whisper's full window, beam 5, fallback on.
    static func offline(_ samples: [Float], language: SpokenLanguage, recognizer: WhisperRecognizer, wholeRecording: Bool) throws -> String {
        var options = DecodingOptions(language: language, beamSize: 5, prompt: nil, allowsFallback: true, audioContextMargin: 0)
        options.promptsWithEarlierWindows = wholeRecording
        return try recognizer.transcribe(samples, options: options).text.trimmingCharacters(in: .whitespaces)
    }

    static func stretch(_ samples: [Float], from start: Double, to end: Double) -> [Float] {
        let rate = Double(MonoAudio.speechRate)
        let from = max(0, Int(start * rate)), to = min(samples.count, Int(end * rate))
        return from < to ? Array(samples[from..<to]) : []
    }

    /// Lines that hold two people: at least 0.5 s of each of two turns of different speakers.
    static func twoPersonLines(_ lines: [CaptionLine], turns: [SpeechTurn]) -> Int {
        lines.filter { line in
            let heard = Set(turns.filter { min(line.end, $0.end) - max(line.start, $0.start) >= 0.5 }.map(\.speaker))
            return heard.count > 1
        }.count
    }

    // MARK: - The table

    static func table(folder: String, seed: UInt64) throws -> Recording {
        func read(_ relative: String) throws -> [Float] { try WAVDecoder().read(path: folder + "/" + relative).atSpeechRate().samples }
        var turns: [SimulatedTable.Turn] = []
        var texts: [String] = []
        for clip in try ReferenceTranscripts.transcriptionFile(folder + "/librivox/transcription") {
            turns.append(.init(speaker: "librivox reader", samples: try read("librivox/\(clip.name).wav")))
            texts.append(clip.text)
        }
        turns.append(.init(speaker: "kennedy", samples: try read("jfk/jfk.wav")))
        texts.append(ReferenceTranscripts.jfk)
        let cards = Dictionary(uniqueKeysWithValues: try ReferenceTranscripts.transcriptionFile(folder + "/cards/cards.transcription").map { ($0.name, $0.text) })
        let gap = [Float](repeating: 0, count: MonoAudio.speechRate * 15 / 100)
        for pair in [["001", "002"], ["003", "004", "005"]] {
            turns.append(.init(speaker: "cards reader", samples: try pair.map { try read("cards/\($0).wav") }.joined(separator: gap).map { $0 }))
            texts.append(pair.compactMap { cards[$0] }.joined(separator: " "))
        }
        // The call's two women: each run of one person's segments (the STM transcript) is a turn.
        let call = try read("pyannote/sample.wav")
        let rate = Double(MonoAudio.speechRate)
        var run: (speaker: String, start: Double, end: Double, text: String)?
        func closeRun() {
            guard let r = run, r.end - r.start >= 1.5 else { return }
            turns.append(.init(speaker: "call " + r.speaker, samples: Array(call[Int(r.start * rate)..<min(call.count, Int(r.end * rate))])))
            texts.append(r.text)
        }
        for line in try String(contentsOfFile: folder + "/pyannote/sample.stm", encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5).map(String.init)
            guard fields.count == 6, let start = Double(fields[3]), let end = Double(fields[4]) else { continue }
            if let r = run, r.speaker == fields[2], start - r.end < 0.3 {
                run = (r.speaker, r.start, end, r.text + " " + fields[5])
            } else {
                closeRun()
                run = (fields[2], start, end, fields[5])
            }
        }
        closeRun()
        let table = SimulatedTable(turns: turns, seed: seed, pauses: 0.8...1.2)
        let spoken = zip(table.truth, table.turnOrder).map { (turn: $0, text: texts[$1]) }
        return Recording(name: "table of 5 people (seed \(seed))", samples: table.audio,
                         reference: spoken.map(\.text).joined(separator: " "), turns: spoken)
    }
}
