import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// `ozen interpret`'s session: the other person's speech captioned in its language and shown
/// in English a few seconds behind, from one `InterpretSettings`. Its events go to the
/// caller's sink (the command's prints the English, or every event with --json) and the history.
public struct InterpretSession {
    public let settings: InterpretSettings

    public init(settings: InterpretSettings) {
        self.settings = settings
    }

    /// Interprets the recording to its end, or the microphone until Ctrl-C or SIGTERM; then the
    /// history closes. A microphone that cannot start is a `MicrophoneProblem`.
    public func run(to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        let settings = self.settings
        let home = settings.home
        let output = EventFanOut([sink])
        output.send(.status(.loadingModel(name: settings.modelName), at: 0))
        let models = try PipelineBuilder(home: home, models: .init(live: settings.modelName, final: settings.finalModelName, recognizer: settings.recognizer, speakers: false))
        let whisper = WhisperTranslator(recognizer: models.strongest)
        let translator: any SentenceTranslator
        var fallback: (any SentenceTranslator)?
        switch settings.translator {
        case .whisper: translator = whisper
        case .llm(let provider):
            translator = LLMTranslator(provider: provider)
            fallback = whisper
        }
        let audio: MonoAudio?
        if case .recording(let recording) = settings.source { audio = recording } else { audio = nil }
        let clock: any PipelineClock = (audio == nil || settings.realtime) ? RealTimeClock() : SteadyCostClock()
        let live = try PipelineSettings.interpreting(language: settings.interpreter.language)
        let captioner = try models.captioner(settings: live, clock: clock)
        // No bigger computer named: this one hears each sentence again with the full window,
        // inline in a file replay on the steady clock (the same events every run).
        let inline = clock is SteadyCostClock && settings.reviewer == nil
        let reviewer = settings.reviewer ?? (live.corrections.enabled ? FullWindowReviewer(recognizer: models.strongest,
                                                                                          settings: live.corrections, inBackground: !inline) : nil)
        let interpreter = Interpreter(translator: translator, fallback: fallback, reviewer: reviewer,
                                      settings: settings.interpreter, clock: clock, reviewsInline: inline)
        let recorder = settings.saves ? try CaptionSetup.startRecorder(home: home, continuing: false) : nil
        if let recorder { output.add { recorder.record($0) } }

        switch settings.source {
        case .recording(let audio):
            try RecordingReplay.run(audio, through: captioner, clock: clock, listeners: [interpreter]) { event in
                interpreter.pass(event) { output.send($0) }
            }
        case .microphone(let microphone):
            let inbox = LiveAudioInbox()
            do {
                try microphone.start(into: inbox) { [microphone] status in
                    output.send(.status(status, at: microphone.deliveredSeconds))
                    if case .failed = status { inbox.close() }
                }
            } catch {
                throw MicrophoneProblem(reason: error.description, action: "")
            }
            let signals = StopSignals { microphone.stop(); inbox.close() }
            try LiveStream.run(inbox, through: captioner, listeners: [interpreter]) { event in
                interpreter.pass(event) { output.send($0) }
            }
            microphone.stop()
            _ = signals
        }
        if let recorder {
            let unsaved = recorder.close()
            if !unsaved.isEmpty { throw HistoryNotSaved(lines: unsaved.count, path: HistoryStore.path(in: home)) }
        }
    }
}
