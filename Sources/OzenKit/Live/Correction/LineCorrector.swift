import Foundation

/// Locked lines as good as each line decoded alone: it follows the live pipeline's events and
/// hears every locked line's own stretch again as the same model does with no time pressure
/// (`CorrectionSettings`). When the words differ, a `corrected` event follows and the line is
/// replaced in place; when they agree, nothing is sent.
///
///     live pipeline → line (first lock, quick) → she reads it
///                         ↘ corrector (own thread, lowest priority) → corrected
///
/// The first lock keeps its latency: corrections run beside the pipeline at the lowest CPU
/// priority and outside the recognizer's queue, and a line still waiting `staleAfter` seconds
/// after it locked is left as it is. In a file replay on the steady clock (`inline`) each line
/// is corrected right as it locks, so the same file gives the same lines on every run.
///
/// It is an `AudioListener` so it keeps the recent audio itself. Not thread-safe: one session
/// drives it from one task (the corrections have their own thread).
public final class LineCorrector: AudioListener {
    public enum Outcome: Sendable {
        case corrected(LineCorrection)
        /// The full window heard the same words.
        case confirmed(id: Int)
        /// Not heard again: the computer was too far behind, or the audio was gone.
        case leftAsIs(id: Int)
    }

    public let settings: CorrectionSettings
    let recognizer: any SpeechRecognizer
    let language: SpokenLanguage
    let uncertainBelow: Double
    let clock: any PipelineClock
    private let queue: BackgroundQueue<CorrectionJob, Outcome>?

    private var audio: RecentAudio
    /// Speakers relabelled after a line locked (`speaker` events), so a correction keeps the newer label.
    private var relabelled: [Int: String] = [:]

    public private(set) var corrected = 0
    public private(set) var confirmed = 0
    public private(set) var leftAsIs = 0
    /// Lines locked sure enough not to be heard again (`CorrectionSettings.belowConfidence`).
    public private(set) var trusted = 0
    /// Seconds spent hearing lines again on the caller's thread (`inline` only).
    public private(set) var inlineSeconds = 0.0

    /// `recognizer`: the pipeline's model for finished lines, unshared (not a stream's place in
    /// `RecognizerSchedule`). `inline`: correct each line as it locks, on the caller's thread.
    public init(recognizer: any SpeechRecognizer, language: SpokenLanguage, uncertainBelow: Double = LiveSettings.default.uncertainBelow,
                settings: CorrectionSettings = .default, clock: any PipelineClock, inline: Bool) {
        self.recognizer = recognizer
        self.language = language
        self.uncertainBelow = uncertainBelow
        self.settings = settings
        self.audio = RecentAudio(seconds: settings.keptAudio)
        self.clock = clock
        if inline {
            queue = nil
        } else {
            let (recognizer, language, uncertainBelow, settings) = (recognizer, language, uncertainBelow, settings)
            queue = .corrections(settings: settings) { job in
                Self.correct(job.line, audio: job.audio, recognizer: recognizer, language: language,
                             uncertainBelow: uncertainBelow, settings: settings, background: true)
            }
        }
    }

    deinit { queue?.close() }

    // MARK: audio

    public func hear(_ samples: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        audio.append(samples, startSeconds: start)
        deliver(emit)
    }

    /// The stream ended: the last lines are corrected (up to `waitAtEnd`) before it closes.
    public func finish(emit: (CaptionEvent) -> Void) throws {
        queue?.drain(waitingUpTo: settings.waitAtEnd)
        deliver(emit)
    }

    /// Stops the worker without waiting for what is left (a client hung up).
    public func abandon() { queue?.close() }

    // MARK: events

    /// Passes a pipeline event on; a locked line is queued to be heard again.
    public func pass(_ event: CaptionEvent, emit: (CaptionEvent) -> Void) {
        emit(event)
        switch event {
        case .speaker(let id, let speaker, _):
            relabelled[id] = speaker
            if relabelled.count > 64, let oldest = relabelled.keys.min() { relabelled[oldest] = nil }
        case .line(let line, _):
            guard !line.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
            if let below = settings.belowConfidence, let confidence = line.confidence, confidence >= below {
                trusted += 1
                return
            }
            let samples = audio.stretch(from: line.start - settings.padding - settings.context, to: line.end + settings.padding)
            guard !samples.isEmpty else { return }
            if let queue {
                queue.submit(.init(line: line, audio: samples, lockedAt: ProcessInfo.processInfo.systemUptime))
            } else {
                let began = ContinuousClock.now
                let outcome = Self.correct(line, audio: samples, recognizer: recognizer, language: language,
                                           uncertainBelow: uncertainBelow, settings: settings, background: false)
                inlineSeconds += RealTimeClock.seconds(ContinuousClock.now - began)
                take(outcome, emit: emit)
            }
        default:
            return
        }
    }

    private func deliver(_ emit: (CaptionEvent) -> Void) {
        guard let queue else { return }
        for outcome in queue.take() { take(outcome, emit: emit) }
    }

    private func take(_ outcome: Outcome, emit: (CaptionEvent) -> Void) {
        switch outcome {
        case .corrected(var correction):
            corrected += 1
            if let speaker = relabelled[correction.line.id] { correction.line.speaker = speaker }
            emit(.corrected(correction, at: clock.now))
        case .confirmed: confirmed += 1
        case .leftAsIs: leftAsIs += 1
        }
    }

    /// The line's stretch decoded as offline; a correction when its words differ from the line's.
    static func correct(_ line: CaptionLine, audio: [Float], recognizer: any SpeechRecognizer, language: SpokenLanguage,
                        uncertainBelow: Double, settings: CorrectionSettings, background: Bool) -> Outcome {
        var options = DecodingOptions(language: language, beamSize: settings.beamSize, prompt: nil, allowsFallback: true,
                                      audioContextMargin: settings.audioContextMargin)
        options.runsInBackground = background
        guard let heard = try? recognizer.transcribe(audio, options: options) else { return .leftAsIs(id: line.id) }
        // What it heard passes the loop rule like every text shown; an empty answer changes nothing.
        let whole = LoopGuard.cleanedLine(NonSpeechMarks.removed(from: heard).text).trimmingCharacters(in: .whitespacesAndNewlines)
        // Only the words between the runs both versions share replace the line's (`CorrectionSplice`).
        guard !whole.isEmpty, let text = CorrectionSplice.spliced(line: line.text, heard: whole) else { return .leftAsIs(id: line.id) }
        if SentenceWords.same(text, line.text) { return .confirmed(id: line.id) }
        var fixed = line
        fixed.text = text
        if let confidence = heard.confidence, whole == text {
            fixed.confidence = confidence
            fixed.uncertain = confidence < uncertainBelow
        }
        fixed.paragraphBreaks = line.paragraphBreaks.filter { $0 < text.utf16.count }
        return .corrected(LineCorrection(line: fixed, previous: line.text))
    }

}
