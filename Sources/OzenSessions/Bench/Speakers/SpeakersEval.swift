import Foundation
import OzenKit

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
public enum SpeakersEval {
    /// Captions the table of `turns` (and the call, unless `people` chose the table) and
    /// returns the report, one JSON object.
    public static func run(_ settings: SpeakersEvalSettings, turns: [SimulatedTable.Turn]) throws -> String {
        let home = OzenHome.fromEnvironment()
        let language = settings.language
        let table = SimulatedTable(turns: turns, seed: settings.seed, pauses: settings.pauses)
        if let path = settings.writeTable {
            // The table as a recording, with who spoke when beside it, for `ozen caption` itself.
            try WAVEncoder(format: .pcm16, sampleRate: MonoAudio.speechRate).encode(table.audio).write(to: URL(fileURLWithPath: path))
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            try SpeechTurn.rttmText(table.truth, file: name).write(toFile: URL(fileURLWithPath: path).deletingPathExtension().path + ".rttm",
                                                                   atomically: true, encoding: .utf8)
        }
        let tableRun = try caption(table.audio, home: home, language: language)
        let tableLines = SpeakerAccuracy.lines(tableRun.lines, truth: table.truth)
        if settings.showsLines { show(tableRun, truth: table.truth, title: "table") }
        let present = Set(turns.map(\.speaker)).count
        let tableReport: JSONValue = .object([
            ("seed", .int(Int(settings.seed))),
            ("turns", .int(turns.count)),
            ("seconds", .number(Double(table.audio.count) / Double(MonoAudio.speechRate), decimals: 1)),
            ("lines", .int(tableRun.lines.count)),
            ("lines_right", .number(tableLines.share, decimals: 3)),
            ("voices_present", .int(present)),
            ("voices_found", .int(tableRun.voices.count)),
            ("mapping", mapping(tableLines.mapping)),
        ])
        if settings.people != nil {
            let seconds = Double(table.audio.count) / Double(MonoAudio.speechRate)
            return JSONValue.object([
                ("table", tableReport),
                ("cost", .object([
                    ("print_seconds", .number(tableRun.printSeconds, decimals: 2)),
                    ("audio_seconds", .number(seconds, decimals: 1)),
                    ("share_of_real_time", .number(tableRun.printSeconds / seconds, decimals: 4)),
                ])),
            ]).serialized()
        }

        let call = try WAVDecoder().read(path: settings.fixtures + "/pyannote/sample.wav").atSpeechRate()
        let callTruth = SpeechTurn.rttm(try String(contentsOfFile: settings.fixtures + "/pyannote/sample.rttm", encoding: .utf8))
        let callRun = try caption(call.samples, home: home, language: .english)
        let callTime = SpeakerAccuracy.time(callRun.lines, truth: callTruth)
        if settings.showsLines { show(callRun, truth: callTruth, title: "call") }

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
        return report.serialized()
    }

    static func mapping(_ mapping: [String: String]) -> JSONValue {
        .object(mapping.keys.sorted().map { ($0, .string(mapping[$0]!)) })
    }
}
