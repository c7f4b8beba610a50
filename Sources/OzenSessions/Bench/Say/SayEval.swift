import Foundation
import OzenEngines
import OzenKit

/// `ozen say eval`: can a listener make out what `ozen say` says?
/// Everyday sentences in each voice are read back by Whisper through the live pipeline, as
/// `ozen caption` would show them (language pinned), and scored by word error rate.
/// Prints one JSON object; a voice's `rtf` is synthesis time over the length of the speech.
///
/// Baselines in the same run: eSpeak NG's own English voice on the English sentences (what
/// Piper is measured against, for clarity and for cost), and the Hebrew sentences both as
/// typed and pointed (eSpeak 1.51 reads unpointed words it does not know as bare consonants).
/// Whisper base's Hebrew is weak in any case (docs/findings.md, "Whisper base and Hebrew"), so
/// the Hebrew figures bound the voice's clarity from above; they are reported as measured.
public enum SayEval {
    /// Runs the eval with Whisper `modelName` listening and returns its report, one JSON object
    /// (nil when no English voice loads); `showsLines` adds what was heard of each sentence.
    public static func run(modelName: String, showsLines: Bool) throws -> String? {
        let home = OzenHome.fromEnvironment()
                let recognizer = try WhisperRecognizer(model: InstalledModel.load(modelName, in: home), settings: PipelineSettings.recognizer())
        let espeak = try EspeakEngine.shared.get()
        let speech = SpeechOut(home: home)
        let clock = ContinuousClock()
        var piper: PiperVoice?
        let piperLoad = try clock.measure { piper = try speech.englishVoice() }
        guard let piper else { return nil }

        let runs: [(language: SpokenLanguage, voice: String, text: String, sentences: [Sentence], synthesize: (String) throws -> MonoAudio)] = [
            (.english, "piper-en", "as typed", english, { try piper.synthesize(ipa: espeak.phonemes($0, voice: "en-us")) }),
            (.english, "espeak-ng en-us (baseline)", "as typed", english, { try espeak.synthesize($0, voice: "en-us") }),
            (.hebrew, "espeak-ng he", "as typed", hebrewTyped, { try espeak.synthesize(HebrewSpeechSpelling.prepared($0), voice: "he") }),
            (.hebrew, "espeak-ng he", "pointed", hebrewPointed, { try espeak.synthesize(HebrewSpeechSpelling.prepared($0), voice: "he") }),
            (.swedish, "espeak-ng sv", "as typed", swedish, { try espeak.synthesize($0, voice: "sv") }),
        ]
        var voices: [JSONValue] = []
        var scores: [Score] = []
        for run in runs {
            var score = Score()
            for sentence in run.sentences {
                var audio: MonoAudio?
                let spent = try clock.measure { audio = try run.synthesize(sentence.spoken) }
                guard let audio else { continue }
                score.synthesisSeconds += seconds(spent)
                score.audioSeconds += audio.duration
                let heard = try caption(audio, language: run.language, recognizer: recognizer, home: home)
                let reference = WordDistance.comparableWords(HebrewSpelling.fold(sentence.text))
                score.words += reference.count
                score.errors += WordDistance.edits(from: reference, to: WordDistance.comparableWords(HebrewSpelling.fold(heard)))
                score.heard.append((sentence.text, heard))
            }
            scores.append(score)
            var fields: [(String, JSONValue)] = [
                ("language", .string(run.language.rawValue)),
                ("voice", .string(run.voice)),
                ("text", .string(run.text)),
                ("sentences", .int(run.sentences.count)),
                ("words", .int(score.words)),
                ("wer", .number(score.wer, decimals: 3)),
                ("audio_seconds", .number(score.audioSeconds, decimals: 2)),
                ("synthesis_seconds", .number(score.synthesisSeconds, decimals: 3)),
                ("rtf", .number(score.rtf, decimals: 4)),
            ]
            if showsLines {
                fields.append(("heard", .array(score.heard.map { .object([("said", .string($0.said)), ("heard", .string($0.heard))]) })))
            }
            voices.append(.object(fields))
        }
        let report: JSONValue = .object([
            ("recognizer", .string(modelName)),
            ("piper_load_seconds", .number(seconds(piperLoad), decimals: 2)),
            ("voices", .array(voices)),
            ("piper_rtf_over_espeak_rtf", .number(scores[0].rtf / max(scores[1].rtf, 1e-9), decimals: 2)),
            ("piper_wer_minus_espeak_wer", .number(scores[0].wer - scores[1].wer, decimals: 3)),
        ])
        return report.serialized()
    }

    /// What `ozen caption` would show for `audio`: the live pipeline (Silero, live and final
    /// passes, the repetition and hallucination filters) on the audio clock, with half a second
    /// of silence before the voice and a second after, as when someone starts and stops talking.
    static func caption(_ audio: MonoAudio, language: SpokenLanguage, recognizer: WhisperRecognizer, home: OzenHome) throws -> String {
        let rate = MonoAudio.speechRate
        let samples = [Float](repeating: 0, count: rate / 2) + audio.atSpeechRate().samples + [Float](repeating: 0, count: rate)
        let clock = AudioClock()
        let captioner = LiveCaptioner(classifier: try SileroFrameClassifier(model: try InstalledModel.load("silero-vad", in: home), threshold: try PipelineBuilder.voiceThreshold()),
                                      recognizer: recognizer, settings: LiveSettings(language: language), clock: clock)
        var lines: [String] = []
        try RecordingReplay.run(MonoAudio(samples: samples, sampleRate: rate), through: captioner, clock: clock) { event in
            if case .line(let line, _) = event, !line.text.isEmpty { lines.append(line.text) }
        }
        return lines.joined(separator: " ")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    struct Score {
        var words = 0, errors = 0
        var audioSeconds = 0.0, synthesisSeconds = 0.0
        var heard: [(said: String, heard: String)] = []
        var wer: Double { words == 0 ? 0 : Double(errors) / Double(words) }
        var rtf: Double { audioSeconds == 0 ? 0 : synthesisSeconds / audioSeconds }
    }
}
