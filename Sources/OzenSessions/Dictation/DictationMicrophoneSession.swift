import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// `ozen dictate [--device D]`'s session in a terminal: a take from the microphone. The words
/// are decoded while she speaks (the live pipeline on the microphone's audio); Enter, Ctrl-C or
/// the 60 s limit stops the take, and only the open utterance's final pass is left to run. A
/// countdown shows on stderr. If the microphone fails mid-take, what was heard is still
/// delivered, and then the failure is a `MicrophoneProblem`.
public struct DictationMicrophoneSession {
    /// How the take is delivered.
    public let settings: DictationSettings
    /// The Whisper model.
    public let modelName: String
    /// The model of the take's final passes (`--final-model`); nil: `modelName` does both.
    public let finalModelName: String?

    public init(settings: DictationSettings, modelName: String, finalModelName: String? = nil) {
        self.settings = settings
        self.modelName = modelName
        self.finalModelName = finalModelName
    }

    /// One take from `microphone` (already found), delivered.
    public func run(_ microphone: MicrophoneInput) throws {
        let models = try PipelineBuilder(home: settings.home, models: .init(live: modelName, final: finalModelName, recognizer: try PipelineSettings.recognizer(), speakers: false))
        let live = try PipelineSettings.dictation(language: settings.language)
        let captioner = try models.captioner(settings: live, clock: RealTimeClock())
        let inbox = LiveAudioInbox()
        let take = TakeControl(microphone: microphone, inbox: inbox)
        do {
            try microphone.start(into: inbox) { status in
                if case .failed(let reason, let action) = status { take.stop(failure: action.isEmpty ? reason : "\(reason) — \(action)") }
            }
        } catch {
            throw MicrophoneProblem(reason: error.description, action: "")
        }
        let started = ContinuousClock.now
        if settings.json {
            let listening = JSONValue.object([("type", .string("take")), ("state", .string("listening")),
                                              ("limit_seconds", .number(DictationTake.longest, decimals: 0))]).serialized()
            FileHandle.standardOutput.write(Data((listening + "\n").utf8))
        }
        let signals = StopSignals { take.stop() }
        let countdown = Countdown(take: take, started: started, limit: DictationTake.longest)
        countdown.start()
        Thread.detachNewThread { Self.waitForEnter(then: { take.stop() }) }
        DispatchQueue.global().asyncAfter(deadline: .now() + DictationTake.longest) { take.stop(atLimit: true) }

        var lines: [String] = []
        try LiveStream.run(inbox, through: captioner) { event in
            if case .line(let line, _) = event, !line.text.isEmpty { lines.append(line.text) }
        }
        countdown.finish()
        _ = signals
        let stoppedAt = take.stoppedAt ?? ContinuousClock.now
        let seconds = RealTimeClock.seconds(stoppedAt - started)
        if take.endedAtLimit { DictationDelivery.status(tr("ההכתבה נגמרה ב־60 שניות", "the take ended at 60 s")) }
        try DictationDelivery.deliver(DictationTake(raw: DictationText.stitched(lines), seconds: seconds, stoppedAt: stoppedAt), cut: take.endedAtLimit,
                                      settings: settings)
        if let failure = take.failure { throw MicrophoneProblem(reason: failure, action: "") }
    }

    /// Reads stdin until a line ends (Enter). Stdin that is not a terminal and is already at its
    /// end (a script, /dev/null) stops nothing: the limit or Ctrl-C ends such a take.
    private static func waitForEnter(then stop: () -> Void) {
        while true {
            let chunk = FileHandle.standardInput.availableData
            if chunk.isEmpty { return }
            if chunk.contains(UInt8(ascii: "\n")) { return stop() }
        }
    }
}
