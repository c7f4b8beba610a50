import Foundation
import OzenEngines
import OzenKit

/// `ozen bench accuracy`: how close the live pipeline's locked lines come to the same model
/// decoding the same audio with no time pressure, printed side by side for each recording:
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
/// `*.transcription` file in its folder (`<s> words </s> (name)`). `--table` builds three
/// tables of clean read speech (seeds N, N+1, N+2: the LibriVox reader, President Kennedy and
/// the cards reader, each clip a turn), where the same model offline gets a few words in a
/// hundred wrong, and the table of five people with the pyannote call (seed N), with 0.8–1.2 s
/// between turns; the summary at the end adds each group's words up. Every setting of the
/// pipeline was chosen on those tables; `--held-out` adds two tables of voices and texts no
/// setting was chosen on (`heldOutTable`, `secondHeldOutTable`), each reported in a group of its own, and the report's
/// first lines say which is which. `--long-turns` adds the tuned voices' clips joined into
/// turns of 20 s and more (`longTurnsTable`): a table to choose settings for long turns on.
///
/// `--ablation` also runs file mode once for each difference between the final pass and the
/// offline decode, removed one at a time (`AccuracyBench.ablation`), so each lost word has a
/// measured cause.
public enum AccuracyBench {
    /// Runs the bench, handing each printed line to `write` as it is ready.
    public static func run(_ bench: AccuracyBenchSettings, write: (String) -> Void) throws {
        let language = bench.language
        var recordings = try bench.recordings.map(recording(at:))
        if let table = bench.table {
            let folder = try FixturesFolder.checked(table.fixtures)
            if table.tuned {
                for seed in table.seed..<table.seed + 3 { recordings.append(try cleanTable(folder: folder, seed: seed)) }
                if table.withCall { recordings.append(try self.table(folder: folder, seed: table.seed)) }
            }
            if table.longTurns { recordings.append(try longTurnsTable(folder: folder, seed: table.seed)) }
            if table.heldOut {
                recordings.append(try heldOutTable(folder: folder, seed: table.seed))
                recordings.append(try secondHeldOutTable(folder: folder, seed: table.seed))
            }
        }
        var tally = Tally()
        let home = OzenHome.fromEnvironment()
        let recognizerSettings = try PipelineSettings.recognizer()
        let settings = try PipelineSettings.captions(language: language)
        write("ozen bench accuracy: Whisper base, \(ProcessInfo.processInfo.activeProcessorCount) CPUs, speakers and sounds on; "
              + "latency on the wall clock as each event is written" + (language == .english ? "; numbers in digits count as the words said" : ""))
        if let table = bench.table {
            write("settings chosen on: " + (table.tuned ? "the clean tables and the call below (" : "the clean tables and the call (not run here: ")
                  + "the LibriVox reader, President Kennedy, the cards reader, the call's two women)"
                  + (table.longTurns ? "; the long turns of the same voices" : "")
                  + (table.heldOut ? "; held out, never chosen on: the held-out table (Allison, the aligner's author, LibriSpeech reader 61; "
                     + "corrections have been tried on it) and the second held-out table (the aligner's author, two people "
                     + "talking about a game league), which nothing has been tried on" : ""))
        }
        if bench.ablation {
            write("--ablation: beam 5 and the same model file in the final pass and offline; each row below today's file mode "
                  + "changes one thing in the final pass")
        }
        for recording in recordings {
            write("\n== \(recording.name): \(String(format: "%.1f", recording.seconds)) s"
                  + (recording.turns.isEmpty ? "" : ", \(recording.turns.count) turns")
                  + (recording.reference.map { ", \(WordErrorRate.normalisedWords($0).count) reference words" } ?? ", no reference text"))
            var runs: [(String, Run)] = []
            if bench.passes.replaysRealtime {
                runs.append(("live, --realtime replay", try caption(recording, settings: settings, realtime: true, home: home,
                                                                    recognizerSettings: recognizerSettings, showPasses: bench.showsPasses)))
            }
            if bench.passes.runsFileMode {
                runs.append(("live, file mode", try caption(recording, settings: settings, realtime: false, home: home,
                                                             recognizerSettings: recognizerSettings, showPasses: bench.showsPasses)))
            }
            // The same model with no time pressure (not with --realtime-only or --file-only, quicker A/Bs).
            var whole: String?, alone: String?, eachTurn: [String] = []
            let aloneName = recording.turns.isEmpty ? "offline, each live line alone" : "offline, each turn alone"
            if bench.passes.decodesOffline {
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
                return String(format: "%5.1f%%", 100 * measure(reference: reference, hypothesis: text, language: language).rate)
            }
            func toOffline(_ text: String) -> String {
                guard let whole else { return "   -  " }
                return String(format: "%5.1f%%", 100 * measure(reference: whole, hypothesis: text, language: language).rate)
            }
            write("                                   WER    vs offline  lines  per turn  two-person  settle med/p90   text final med/p90   first words med/p90   CPU s/min")
            for (name, run) in runs {
                let text = run.lines.map(\.text).joined(separator: " ")
                let turnsFigures = recording.turns.isEmpty ? "     -          -   "
                    : String(format: "   %4.2f        %2d   ", Double(run.lines.count) / Double(recording.turns.count),
                             twoPersonLines(run.lines, turns: recording.turns.map(\.turn)))
                let latency = recording.turns.isEmpty ? run.lineLatency() : run.turnLatency(recording.turns.map(\.turn))
                write(name.padding(toLength: 33, withPad: " ", startingAt: 0) + "  \(wer(text))   \(toOffline(text))    "
                      + String(format: "%3d", run.lines.count) + turnsFigures
                      + "  \(f(Percentile.median(latency.settle)))/\(f(Percentile.of(latency.settle, 90))) s"
                      + "     \(f(Percentile.median(latency.textFinal)))/\(f(Percentile.of(latency.textFinal, 90))) s"
                      + "        \(f(Percentile.median(latency.firstWords)))/\(f(Percentile.of(latency.firstWords, 90))) s"
                      + String(format: "       %5.1f", run.cpu / recording.seconds * 60))
                if run.corrections > 0 || settings.corrections.enabled {
                    let first = run.firstLocks.map(\.text).joined(separator: " ")
                    let when = run.correctionLatency.isEmpty || !name.contains("realtime") ? ""
                        : "; corrections \(f(Percentile.median(run.correctionLatency)))/\(f(Percentile.of(run.correctionLatency, 90))) s after the speech (med/p90)"
                    write("   first locks, before corrections".padding(toLength: 33, withPad: " ", startingAt: 0) + "  \(wer(first))   \(toOffline(first))    "
                          + "(\(run.corrections) of \(run.firstLocks.count) lines corrected in place\(when))")
                }
            }
            if bench.showsLines {
                for (name, run) in runs {
                    write("-- \(name): each line as it locked (wall clock s)")
                    for stamped in run.events {
                        if case .corrected(let correction, _) = stamped.event {
                            write(String(format: "   %6.2f     corrected line %d: ", stamped.wall, correction.line.id) + correction.line.text)
                        }
                        guard case .line(let line, _) = stamped.event, !line.text.isEmpty else { continue }
                        write(String(format: "   %6.2f  [%6.2f → %6.2f] ", stamped.wall, line.start, line.end) + (line.speaker.map { $0 + ": " } ?? "") + line.text)
                    }
                }
                if !recording.turns.isEmpty {
                    write("-- the turns")
                    for (i, t) in recording.turns.enumerated() {
                        write(String(format: "          [%6.2f → %6.2f] ", t.turn.start, t.turn.end) + t.turn.speaker + ": " + t.text)
                        if i < eachTurn.count { write("                            offline, alone: " + eachTurn[i]) }
                    }
                }
            }
            if let whole, let alone {
                write("offline, whole recording".padding(toLength: 33, withPad: " ", startingAt: 0) + "  \(wer(whole))   \(toOffline(whole))")
                write(aloneName.padding(toLength: 33, withPad: " ", startingAt: 0) + "  \(wer(alone))   \(toOffline(alone))")
            }
            if let reference = recording.reference {
                func count(_ text: String) -> WordErrorRate.Count { measure(reference: reference, hypothesis: text, language: language) }
                for (name, run) in runs {
                    tally.add(group: recording.group, row: name, count: count(run.lines.map(\.text).joined(separator: " ")),
                              cpu: run.cpu, audioSeconds: recording.seconds)
                    tally.add(group: recording.group, row: name + ", first locks", count: count(run.firstLocks.map(\.text).joined(separator: " ")),
                              cpu: nil, audioSeconds: 0)
                }
                if let whole { tally.add(group: recording.group, row: "offline, whole recording", count: count(whole), cpu: nil, audioSeconds: 0) }
                if let alone { tally.add(group: recording.group, row: aloneName, count: count(alone), cpu: nil, audioSeconds: 0) }
                if bench.ablation {
                    write("-- ablation, file mode: the final pass with")
                    for variant in ablation {
                        var changed = settings
                        variant.change(&changed)
                        let run = try caption(recording, settings: changed, realtime: false, home: home,
                                              recognizerSettings: recognizerSettings, showPasses: bench.showsPasses)
                        let text = run.lines.map(\.text).joined(separator: " ")
                        write(("   " + variant.name).padding(toLength: 52, withPad: " ", startingAt: 0) + "  \(wer(text))   \(toOffline(text))    "
                              + String(format: "%3d lines   CPU %5.1f s/min", run.lines.count, run.cpu / recording.seconds * 60))
                        if bench.showsLines {
                            for line in run.lines { write(String(format: "      [%6.2f → %6.2f] ", line.start, line.end) + line.text) }
                        }
                        tally.add(group: recording.group, row: "ablation: " + variant.name, count: count(text), cpu: run.cpu,
                                  audioSeconds: recording.seconds)
                    }
                }
            }
        }
        let perGroup = Dictionary(recordings.map { ($0.group, 1) }, uniquingKeysWith: +)
        for line in tally.lines(recordings: perGroup) { write(line) }
        write(String(format: "\npeak memory (whole process) %.0f MiB", ProcessUsage.peakMemoryMiB()))
    }

    /// Words wrong; in English, numbers in digits count as the words said (`EnglishDigitWords`).
    static func measure(reference: String, hypothesis: String, language: SpokenLanguage) -> WordErrorRate.Count {
        language == .english ? WordErrorRate.countSayingDigits(reference: reference, hypothesis: hypothesis)
            : WordErrorRate.count(reference: reference, hypothesis: hypothesis)
    }

    static func f(_ v: Double?) -> String { v.map { String(format: "%5.2f", $0) } ?? "  -  " }
}
