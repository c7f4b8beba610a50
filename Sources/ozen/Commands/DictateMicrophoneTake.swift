import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions

/// `ozen dictate [--device D]` in a terminal: a take from the microphone. The words are decoded
/// while she speaks (the live pipeline on the microphone's audio); Enter, Ctrl-C or the 60 s
/// limit stops the take, and only the open utterance's final pass is left to run. A countdown
/// shows on stderr. If the microphone fails mid-take, what was heard is still delivered.
extension DictateCommand {
    static func fromMicrophone(_ args: ArgumentReader, language: SpokenLanguage, polisher: DictationPolisher,
                               method: TextInserter.Method, home: OzenHome) throws {
        // The microphone is found before any model loads: one that is not there is her fix.
        let microphone: MicrophoneInput
        do {
            microphone = try MicrophoneInput(choice: MicrophoneChoice(args.value("--device")), settings: .default)
        } catch {
            Exit.fail(.noInput, error.description)
        }
        let models = try CaptionSetup.loadModels(modelName: args.value("--model") ?? ChosenModel.name(in: OzenHome.fromEnvironment()), home: home,
                                                 recognizerSettings: try PipelineSettings.recognizer(), speakers: false)
        let settings = try PipelineSettings.dictation(language: language)
        let captioner = models.captioner(settings: settings, clock: RealTimeClock())
        let inbox = LiveAudioInbox()
        let take = TakeControl(microphone: microphone, inbox: inbox)
        do {
            try microphone.start(into: inbox) { status in
                if case .failed(let reason, let action) = status { take.stop(failure: action.isEmpty ? reason : "\(reason) — \(action)") }
            }
        } catch {
            Exit.fail(.noInput, error.description)
        }
        let started = ContinuousClock.now
        if args.flag("--json") {
            let listening = JSONValue.object([("type", .string("take")), ("state", .string("listening")),
                                              ("limit_seconds", .number(DictationTake.longest, decimals: 0))]).serialized()
            FileHandle.standardOutput.write(Data((listening + "\n").utf8))
        }
        let signals = StopSignals { take.stop() }
        let countdown = Countdown(take: take, started: started, limit: DictationTake.longest)
        countdown.start()
        Thread.detachNewThread { waitForEnter(then: { take.stop() }) }
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
                                      settings: delivery(args, language: language, polisher: polisher, method: method, home: home))
        if let failure = take.failure { Exit.fail(.noInput, failure) }
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
