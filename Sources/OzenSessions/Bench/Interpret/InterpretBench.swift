import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// `ozen bench interpret`: the
/// interpreter on recordings with reference translations (`conversation.tsv` beside each),
/// and, in the same run, Whisper translating each reference sentence's audio offline.
///
/// - latency on the wall clock, stamped here as each event is written: from a sentence's last
///   spoken word (found in the audio itself, not told by the pipeline) to its English on
///   screen, and to its checked or revised version with a second pass (Tolk: 2.1 s and 3.3 s);
/// - quality: chrF and BLEU of the live English against the references, beside the same
///   model translating each sentence alone with no time pressure; and for sentences of three
///   words or fewer, alone against with the sentences before them as context.
public enum InterpretBench {
    struct Stamped { var event: CaptionEvent; var wall: Double }

    /// Runs the bench, handing each printed line to `write` as it is ready.
    public static func run(_ bench: InterpretBenchSettings, write: (String) -> Void) throws {
        let home = OzenHome.fromEnvironment()
        var live: [String] = [], firstLive: [String] = [], offline: [String] = [], references: [String] = []
        var reviewerName: String?
        var shortAlone: [String] = [], shortContext: [String] = [], shortReferences: [String] = []
        var englishLatency: [Double] = [], correctedLatency: [Double] = []
        var sentences = 0, revised = 0, checked = 0, audioSeconds = 0.0, cpu = 0.0

        for path in bench.recordings {
            let refs = try ReferenceTranslations.beside(path)
            let folderCode = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
            guard let language = SpokenLanguage(rawValue: bench.from ?? folderCode), language != .auto else {
                throw UsageError(tr("לא ידוע באיזו שפה \(path) — הוסיפו --from", "which language is \(path) in? add --from"))
            }
            let samples = try WAVDecoder().read(path: path).atSpeechRate().samples
            audioSeconds += Double(samples.count) / Double(MonoAudio.speechRate)
            let ends = refs.sentences.map { voiceEnd(samples, from: $0.start, to: $0.end) }

            // The live interpreter, stamped as each event arrives.
            let models = try PipelineBuilder(home: home, models: .init(live: "base", recognizer: try PipelineSettings.recognizer(), speakers: false))
            let realtime = bench.realtime
            let clock: any PipelineClock = realtime ? RealTimeClock() : SteadyCostClock()
            let pipeline = try PipelineSettings.interpreting(language: language)
            let captioner = try models.captioner(settings: pipeline, clock: clock)
            // As `ozen interpret`: a second computer when named, otherwise this one's full window.
            let reviewer: (any SentenceReviewer)? = try bench.secondPass.map { try SecondPassClient(baseURL: $0) }
                ?? (pipeline.corrections.enabled ? FullWindowReviewer(recognizer: models.recognizer, settings: pipeline.corrections,
                                                                      inBackground: realtime) : nil)
            let interpreter = Interpreter(translator: WhisperTranslator(recognizer: models.recognizer), reviewer: reviewer,
                                          settings: InterpreterSettings(language: language), clock: clock,
                                          reviewsInline: !realtime && bench.secondPass == nil)
            let cpuBefore = ProcessUsage.cpuSeconds()
            let started = ContinuousClock.now
            var events: [Stamped] = []
            try RecordingReplay.run(MonoAudio(samples: samples, sampleRate: MonoAudio.speechRate), through: captioner, clock: clock,
                                    listeners: [interpreter]) { event in
                interpreter.pass(event) { out in
                    events.append(Stamped(event: out, wall: realtime ? RealTimeClock.seconds(ContinuousClock.now - started) : out.at))
                }
            }
            cpu += ProcessUsage.cpuSeconds() - cpuBefore
            sentences += interpreter.sentences
            revised += interpreter.revised
            checked += interpreter.checked

            // Each translation belongs to the reference sentence it overlaps most.
            reviewerName = reviewer?.name
            var english = [[String]](repeating: [], count: refs.sentences.count)
            var firstEnglish = [[String]](repeating: [], count: refs.sentences.count)
            var shownAt = [Double?](repeating: nil, count: refs.sentences.count)
            var idToReference: [Int: Int] = [:]
            for stamped in events {
                switch stamped.event {
                case .translation(let t, _):
                    let overlaps = refs.sentences.map { min($0.end, t.end) - max($0.start, t.start) }
                    guard let best = overlaps.indices.max(by: { overlaps[$0] < overlaps[$1] }), overlaps[best] > 0 else { continue }
                    english[best].append(t.english)
                    firstEnglish[best].append(t.english)
                    shownAt[best] = stamped.wall
                    idToReference[t.id] = best
                case .reviewed(let r, _):
                    if let index = idToReference[r.id] {
                        correctedLatency.append(stamped.wall - ends[index])
                        // The revision replaces the English of its own sentence (a reference
                        // sentence may hold several live ones).
                        let position = events.reduce(into: [Int]()) { ids, e in
                            if case .translation(let t, _) = e.event, idToReference[t.id] == index { ids.append(t.id) }
                        }.firstIndex(of: r.id)
                        if r.changed, let position, position < english[index].count { english[index][position] = r.english }
                    }
                default: break
                }
            }
            for (index, shown) in shownAt.enumerated() { if let shown { englishLatency.append(shown - ends[index]) } }

            // The same model, each sentence alone, no time pressure; short ones also with context.
            let translator = WhisperTranslator(recognizer: models.recognizer)
            var offlineEnglish: [SentenceTranslation] = []
            for (index, sentence) in refs.sentences.enumerated() {
                let audio = AccuracyBench.stretch(samples, from: sentence.start - 0.15, to: sentence.end + 0.15)
                let alone = try translator.translate(SentenceToTranslate(audio: audio, source: sentence.source, language: language))
                var withContext: String?
                if sentence.words <= InterpreterSettings.default.contextUpToWords {
                    let context = Array(offlineEnglish.suffix(InterpreterSettings.default.contextSentences))
                    withContext = try translator.translate(SentenceToTranslate(audio: audio, source: sentence.source, language: language, context: context))
                    shortAlone.append(alone)
                    shortContext.append(withContext ?? alone)
                    shortReferences.append(sentence.english)
                }
                offlineEnglish.append(SentenceTranslation(id: index, start: sentence.start, end: sentence.end, source: sentence.source,
                                                          language: language.rawValue, english: alone, translator: "whisper", usedContext: false))
                let shown = english[index].joined(separator: " ")
                live.append(shown)
                firstLive.append(firstEnglish[index].joined(separator: " "))
                offline.append(alone)
                references.append(sentence.english)
                if bench.showsSentences {
                    write("\(sentence.name)  [\(String(format: "%.2f", ends[index]))]  \(sentence.source)")
                    write("   reference   \(sentence.english)")
                    write("   live        \(shown)" + (shownAt[index].map { String(format: "   (+%.2f s)", $0 - ends[index]) } ?? ""))
                    if firstLive.last != shown { write("   live first  \(firstLive.last ?? "")") }
                    write("   offline     \(alone)")
                    if let withContext { write("   in context  \(withContext)") }
                }
            }
        }

        func scores(_ h: [String], _ r: [String]) -> String {
            String(format: "chrF %5.1f  BLEU %5.1f", TranslationScores.chrF(hypotheses: h, references: r), TranslationScores.bleu(hypotheses: h, references: r))
        }
        func seconds(_ values: [Double]) -> String {
            guard let median = Percentile.median(values), let p90 = Percentile.of(values, 90) else { return "  -  " }
            return String(format: "median %.2f s, p90 %.2f s (%d sentences)", median, p90, values.count)
        }
        write(String(format: "\n%d reference sentences, %.0f s of audio; the interpreter closed %d sentences",
                     references.count, audioSeconds, sentences))
        write("live English         " + scores(live, references) + (reviewerName.map { "   (after the second pass: \($0))" } ?? ""))
        if reviewerName != nil { write("   first English     " + scores(firstLive, references) + "   (before it)") }
        write("offline, each alone  " + scores(offline, references) + "   (the same model, no time pressure)")
        write("short (≤3 words), \(shortReferences.count) sentences, offline:")
        write("   alone             " + scores(shortAlone, shortReferences))
        write("   with context      " + scores(shortContext, shortReferences))
        write("English on screen after the last word: " + seconds(englishLatency))
        if let reviewerName {
            write("second pass: \(reviewerName)")
            write("corrected version after the last word: " + seconds(correctedLatency))
            write("second pass: \(revised) revised, \(checked) checked, of \(sentences)")
        }
        write(String(format: "CPU %.1f s per audio minute", cpu / audioSeconds * 60))
        write(String(format: "peak memory (whole process) %.0f MiB", ProcessUsage.peakMemoryMiB()))
    }

    /// Where the voice in [from, to] ends: the end of the last 10 ms frame whose level is within
    /// 26 dB of the loudest frame there (the prompts carry silence after their last word).
    static func voiceEnd(_ samples: [Float], from: Double, to: Double) -> Double {
        let rate = Double(MonoAudio.speechRate), frame = Int(rate / 100)
        let first = max(0, Int(from * rate)), last = min(samples.count, Int(to * rate))
        var levels: [(end: Int, rms: Float)] = []
        var i = first
        while i + frame <= last {
            var sum: Float = 0
            for s in samples[i..<i + frame] { sum += s * s }
            levels.append((i + frame, (sum / Float(frame)).squareRoot()))
            i += frame
        }
        guard let loudest = levels.map(\.rms).max(), loudest > 0 else { return to }
        let end = levels.last { $0.rms >= loudest * 0.05 }?.end ?? last
        return Double(end) / rate
    }
}
