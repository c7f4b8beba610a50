/// Captions a whole recording: voice activity finds the utterances, the recognizer writes
/// each one as a final line. Audio without voice never reaches the recognizer.
///
/// This is the batch path of `ozen caption`; the live pipeline (repeated passes, settling
/// words) replays a recording through the same detector and recognizer.
public struct RecordingCaptioner: Sendable {
    public var detector: any VoiceActivityDetector
    public var recognizer: any SpeechRecognizer
    public var settings: CaptionSettings

    public init(detector: any VoiceActivityDetector, recognizer: any SpeechRecognizer, settings: CaptionSettings = .default) {
        self.detector = detector
        self.recognizer = recognizer
        self.settings = settings
    }

    /// Emits `listening`, then one `line` event per utterance with words in it, then `finished`.
    public func caption(_ audio: MonoAudio, emit: (CaptionEvent) -> Void) throws {
        let audio = audio.atSpeechRate()
        let rate = Double(MonoAudio.speechRate)
        let samples = audio.samples
        emit(.status(.listening, at: 0))
        let spans = try detector.speechSpans(in: samples)
        let leadIn = Int(settings.spanLeadIn * rate), tail = Int(settings.spanTail * rate)
        var nextID = 1
        for span in spans {
            let from = max(0, span.start - leadIn)
            let to = min(samples.count, span.end + tail)
            guard to > from else { continue }
            let transcript = try recognizer.transcribe(Array(samples[from..<to]),
                                                       options: DecodingOptions(language: settings.language,
                                                                                beamSize: settings.finalBeamSize))
            let text = transcript.text.trimmingWhitespace()
            if text.isEmpty { continue }
            let line = CaptionLine(id: nextID, text: text,
                                   start: max(0, Double(span.start) / rate - settings.detectorOnsetLag), end: Double(span.end) / rate,
                                   final: true, confidence: transcript.confidence,
                                   uncertain: (transcript.confidence ?? 1) < settings.uncertainBelow,
                                   language: transcript.language)
            nextID += 1
            emit(.line(line, at: Double(to) / rate))
        }
        emit(.status(.finished(lines: nextID - 1, audioSeconds: audio.duration), at: audio.duration))
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
