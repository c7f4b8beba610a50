import Foundation
import OzenEngines
import OzenKit
import OzenSessions

/// `ozen speakers eval [--fixtures DIR] [--seed N]`: how well `ozen caption` tells people
/// apart, on real recordings whose speakers are known. Prints one JSON object:
///
/// - `table`: five real people (a LibriVox reader, President Kennedy, the two people of the
///   pyannote call, the cards reader) in turns of 2–10 s, shuffled with a fixed seed, with
///   short pauses; the share of lines labelled right after the best one-to-one mapping, and
///   voices found against voices present.
/// - `call`: the pyannote two-person call as recorded; the share of its speech time (from its
///   RTTM) under a line labelled with the right person.
/// - `cost`: seconds spent on voice prints per second of audio (target: at most 0.1).
///
/// `--table DIR` builds the table from other people instead: one folder per person in DIR,
/// each holding WAV recordings of that person alone (up to `--seconds-each`, 40 s by default);
/// the call is then left out. `--language` is the table's language (en by default);
/// `--pauses 0.3-0.6` sets the pauses between turns (0.7–1.2 s by default; a pause shorter
/// than the 0.7 s that ends a line leaves two people in one line, to be split by voice).
/// `--write-table FILE.wav` also saves the table as a recording, with FILE.rttm beside it.
enum SpeakersEvalCommand {
    static let usage = tr("eval מקבל: ‏--fixtures תיקייה, ‏--seed מספר, ‏--table תיקייה, ‏--seconds-each שניות, ‏--language שפה, ‏--pauses מ-עד, ‏--write-table קובץ, ‏--lines",
                          "eval takes: --fixtures DIR, --seed N, --table DIR, --seconds-each SECONDS, --language LANG, --pauses MIN-MAX, --write-table FILE, --lines")

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--fixtures", "--seed", "--table", "--seconds-each", "--language", "--pauses", "--write-table"], flags: ["--lines"])
        guard args.positional.isEmpty else { throw UsageError(usage) }
        let folder = try FixturesFolder.checked(args.value("--fixtures"))
        guard let seed = UInt64(args.value("--seed") ?? "7") else { throw UsageError(tr("‏--seed מקבל מספר שלם", "--seed takes a whole number")) }
        guard let secondsEach = Double(args.value("--seconds-each") ?? "40"), secondsEach >= 2 else {
            throw UsageError(tr("‏--seconds-each מקבל מספר שניות, 2 לפחות", "--seconds-each takes a number of seconds, at least 2"))
        }
        let language = try args.spokenLanguage(default: .english)
        let home = OzenHome.fromEnvironment()

        let turns = try args.value("--table").map { try peopleTurns(folder: $0, secondsEach: secondsEach) } ?? tableTurns(folder: folder)
        let pauseText = args.value("--pauses") ?? "0.7-1.2"
        let pauseBounds = pauseText.split(separator: "-").compactMap { Double($0) }
        guard pauseBounds.count == 2, pauseBounds[0] >= 0, pauseBounds[0] <= pauseBounds[1] else {
            throw UsageError(tr("‏--pauses מקבל טווח שניות, למשל 0.3-0.8", "--pauses takes a range of seconds, such as 0.3-0.8"))
        }
        let table = SimulatedTable(turns: turns, seed: seed, pauses: pauseBounds[0]...pauseBounds[1])
        if let path = args.value("--write-table") {
            // The table as a recording, with who spoke when beside it, for `ozen caption` itself.
            try WAVEncoder(format: .pcm16, sampleRate: MonoAudio.speechRate).encode(table.audio).write(to: URL(fileURLWithPath: path))
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            try SpeechTurn.rttmText(table.truth, file: name).write(toFile: URL(fileURLWithPath: path).deletingPathExtension().path + ".rttm",
                                                                   atomically: true, encoding: .utf8)
        }
        let tableRun = try caption(table.audio, home: home, language: language)
        let tableLines = SpeakerAccuracy.lines(tableRun.lines, truth: table.truth)
        if args.flag("--lines") { show(tableRun, truth: table.truth, title: "table") }
        let present = Set(turns.map(\.speaker)).count
        let tableReport: JSONValue = .object([
            ("seed", .int(Int(seed))),
            ("turns", .int(turns.count)),
            ("seconds", .number(Double(table.audio.count) / Double(MonoAudio.speechRate), decimals: 1)),
            ("lines", .int(tableRun.lines.count)),
            ("lines_right", .number(tableLines.share, decimals: 3)),
            ("voices_present", .int(present)),
            ("voices_found", .int(tableRun.voices.count)),
            ("mapping", mapping(tableLines.mapping)),
        ])
        if args.value("--table") != nil {
            let seconds = Double(table.audio.count) / Double(MonoAudio.speechRate)
            print(JSONValue.object([
                ("table", tableReport),
                ("cost", .object([
                    ("print_seconds", .number(tableRun.printSeconds, decimals: 2)),
                    ("audio_seconds", .number(seconds, decimals: 1)),
                    ("share_of_real_time", .number(tableRun.printSeconds / seconds, decimals: 4)),
                ])),
            ]).serialized())
            return
        }

        let call = try WAVDecoder().read(path: folder + "/pyannote/sample.wav").atSpeechRate()
        let callTruth = SpeechTurn.rttm(try String(contentsOfFile: folder + "/pyannote/sample.rttm", encoding: .utf8))
        let callRun = try caption(call.samples, home: home, language: .english)
        let callTime = SpeakerAccuracy.time(callRun.lines, truth: callTruth)
        if args.flag("--lines") { show(callRun, truth: callTruth, title: "call") }

        let audioSeconds = Double(table.audio.count + call.samples.count) / Double(MonoAudio.speechRate)
        let printSeconds = tableRun.printSeconds + callRun.printSeconds
        let report: JSONValue = .object([
            ("table", tableReport),
            ("call", .object([
                ("speech_seconds", .number(callTime.total, decimals: 1)),
                ("time_right", .number(callTime.share, decimals: 3)),
                ("voices_present", .int(Set(callTruth.map(\.speaker)).count)),
                ("voices_found", .int(callRun.voices.count)),
                ("mapping", mapping(callTime.mapping)),
            ])),
            ("cost", .object([
                ("print_seconds", .number(printSeconds, decimals: 2)),
                ("audio_seconds", .number(audioSeconds, decimals: 1)),
                ("share_of_real_time", .number(printSeconds / audioSeconds, decimals: 4)),
            ])),
            ("targets", .object([
                ("table_lines_right", .number(0.95, decimals: 2)),
                ("call_time_right", .number(0.90, decimals: 2)),
                ("share_of_real_time", .number(0.10, decimals: 2)),
            ])),
        ])
        print(report.serialized())
    }

    struct LabelledRun {
        var lines: [SpeakerAccuracy.Line] = []
        var texts: [String] = []
        var voices: Set<String> { Set(lines.map(\.speaker)) }
        var printSeconds = 0.0
    }

    /// Runs audio through the live pipeline, as `ozen caption` does, and keeps each line with
    /// its final label (after the corrections that follow it).
    static func caption(_ samples: [Float], home: OzenHome, language: SpokenLanguage) throws -> LabelledRun {
        let clock = AudioClock()
        let speakers = try SpeakerSupport.lineSpeakers(home: home, enrolled: false)
        let captioner = LiveCaptioner(classifier: try SileroFrameClassifier(model: try InstalledModel.load("silero-vad", in: home), threshold: try CaptionSetup.voiceThreshold()),
                                      recognizer: try WhisperRecognizer(model: try InstalledModel.load("base", in: home),
                                                                        settings: try PipelineSettings.recognizer()),
                                      settings: LiveSettings(language: language), clock: clock, speakers: speakers)
        var lines: [Int: SpeakerAccuracy.Line] = [:]
        var texts: [Int: String] = [:]
        try RecordingReplay.run(MonoAudio(samples: samples, sampleRate: MonoAudio.speechRate), through: captioner, clock: clock) { event in
            switch event {
            case .line(let line, _) where !line.text.isEmpty:
                lines[line.id] = SpeakerAccuracy.Line(start: line.start, end: line.end, speaker: line.speaker ?? "")
                texts[line.id] = line.text
            case .speaker(let id, let speaker, _):
                lines[id]?.speaker = speaker
            default:
                break
            }
        }
        let ids = lines.keys.sorted()
        return LabelledRun(lines: ids.map { lines[$0]! }, texts: ids.map { texts[$0]! }, printSeconds: speakers.busySeconds)
    }

    /// The table's turns: every stretch of 2 s or more where one known person talks alone.
    static func tableTurns(folder: String) throws -> [SimulatedTable.Turn] {
        func read(_ relative: String) throws -> [Float] { try WAVDecoder().read(path: folder + "/" + relative).atSpeechRate().samples }
        var turns: [SimulatedTable.Turn] = []
        let librivox = try FileManager.default.contentsOfDirectory(atPath: folder + "/librivox").filter { $0.hasSuffix(".wav") }.sorted()
        for file in librivox { turns.append(.init(speaker: "librivox reader", samples: try read("librivox/" + file))) }
        turns.append(.init(speaker: "kennedy", samples: try read("jfk/jfk.wav")))
        let call = try read("pyannote/sample.wav")
        let rttm = SpeechTurn.rttm(try String(contentsOfFile: folder + "/pyannote/sample.rttm", encoding: .utf8))
        for solo in SpeechTurn.solo(rttm) where solo.end - solo.start >= 2 {
            let rate = Double(MonoAudio.speechRate)
            turns.append(.init(speaker: "call " + solo.speaker, samples: Array(call[Int(solo.start * rate)..<min(call.count, Int(solo.end * rate))])))
        }
        // The cards clips are 1–3.5 s each; pairs make turns of about 3 s.
        let gap = [Float](repeating: 0, count: MonoAudio.speechRate * 15 / 100)
        for pair in [["001", "002"], ["003", "004"], ["005"]] {
            turns.append(.init(speaker: "cards reader", samples: try pair.map { try read("cards/\($0).wav") }.joined(separator: gap).map { $0 }))
        }
        return turns.flatMap { $0.pieces(longest: 10) }.filter { $0.seconds >= 2 }
    }

    /// `--table DIR`: a turn from every stretch of 2–10 s of each person's recordings, at most
    /// `secondsEach` seconds a person. Each folder is a person; at least two are needed.
    static func peopleTurns(folder: String, secondsEach: Double) throws -> [SimulatedTable.Turn] {
        let files = FileManager.default
        guard let people = try? files.contentsOfDirectory(atPath: folder).sorted() else {
            throw UsageError(tr("אין תיקייה \(folder): תנו תיקייה ובה תיקייה של הקלטות WAV לכל אדם", "no folder \(folder): give a folder with one folder of WAV recordings per person"))
        }
        var turns: [SimulatedTable.Turn] = []
        var found = 0
        for person in people {
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: folder + "/" + person, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let recordings = (try files.contentsOfDirectory(atPath: folder + "/" + person)).filter { $0.lowercased().hasSuffix(".wav") }.sorted()
            let audio = try recordings.map { try WAVDecoder().read(path: folder + "/" + person + "/" + $0).atSpeechRate().samples }
            turns += SimulatedTable.turns(of: person, recordings: audio, upTo: secondsEach)
            if recordings.count > 0 { found += 1 }
        }
        guard found >= 2 else {
            throw UsageError(tr("ב־\(folder) צריכות להיות שתי תיקיות לפחות, אחת לכל אדם, עם הקלטות WAV",
                                "\(folder) needs at least two folders, one per person, each with WAV recordings"))
        }
        return turns
    }

    /// `--lines`: each line with its label and who really spoke in it, on stderr.
    static func show(_ run: LabelledRun, truth: [SpeechTurn], title: String) {
        var text = "\(title):\n"
        for (line, words) in zip(run.lines, run.texts) {
            let who = truth.filter { $0.end > line.start && $0.start < line.end }
                .map { String(format: "%@ %.1f–%.1f", $0.speaker, $0.start, $0.end) }.joined(separator: ", ")
            text += String(format: "  %6.2f–%6.2f  %-10@  [%@]  %@\n", line.start, line.end, line.speaker, who, String(words.prefix(60)))
        }
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func mapping(_ mapping: [String: String]) -> JSONValue {
        .object(mapping.keys.sorted().map { ($0, .string(mapping[$0]!)) })
    }
}
