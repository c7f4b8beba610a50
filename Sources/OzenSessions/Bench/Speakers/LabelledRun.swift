import Foundation
import OzenEngines
import OzenKit

extension SpeakersEval {
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
        let captioner = LiveCaptioner(classifier: try SileroFrameClassifier(model: try InstalledModel.load("silero-vad", in: home), threshold: try PipelineBuilder.voiceThreshold()),
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
}
