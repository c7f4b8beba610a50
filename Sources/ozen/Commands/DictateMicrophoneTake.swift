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
                                              ("limit_seconds", .number(longestTake, decimals: 0))]).serialized()
            FileHandle.standardOutput.write(Data((listening + "\n").utf8))
        }
        let signals = StopSignals { take.stop() }
        let countdown = Countdown(take: take, started: started, limit: longestTake)
        countdown.start()
        Thread.detachNewThread { waitForEnter(then: { take.stop() }) }
        DispatchQueue.global().asyncAfter(deadline: .now() + longestTake) { take.stop(atLimit: true) }

        var lines: [String] = []
        try LiveStream.run(inbox, through: captioner) { event in
            if case .line(let line, _) = event, !line.text.isEmpty { lines.append(line.text) }
        }
        countdown.finish()
        _ = signals
        let stoppedAt = take.stoppedAt ?? ContinuousClock.now
        let seconds = RealTimeClock.seconds(stoppedAt - started)
        if take.endedAtLimit { status(tr("ההכתבה נגמרה ב־60 שניות", "the take ended at 60 s")) }
        try deliver(Take(raw: DictationText.stitched(lines), seconds: seconds, stoppedAt: stoppedAt), cut: take.endedAtLimit,
                    args: args, language: language, polisher: polisher, method: method, home: home)
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

/// One take's stop, from whichever comes first: Enter, Ctrl-C, the limit, a failed microphone.
final class TakeControl: @unchecked Sendable {
    private let lock = NSLock()
    private let microphone: MicrophoneInput
    private let inbox: LiveAudioInbox
    private var stopped: ContinuousClock.Instant?
    private var limitReached = false
    private var failed: String?

    init(microphone: MicrophoneInput, inbox: LiveAudioInbox) {
        self.microphone = microphone
        self.inbox = inbox
    }

    var stoppedAt: ContinuousClock.Instant? { lock.withLock { stopped } }
    var endedAtLimit: Bool { lock.withLock { limitReached } }
    var failure: String? { lock.withLock { failed } }
    var isStopped: Bool { stoppedAt != nil }

    func stop(atLimit: Bool = false, failure: String? = nil) {
        let first: Bool = lock.withLock {
            guard stopped == nil else { return false }
            stopped = ContinuousClock.now
            limitReached = atLimit
            failed = failure
            return true
        }
        guard first else { return }
        // The inbox first: the take's audio ends now and its last final pass can run even if
        // the sound system is slow to let go of the device (a stalled one kept PortAudio's stop
        // waiting on a read that never returned).
        inbox.close()
        let microphone = self.microphone
        DispatchQueue.global().async { microphone.stop() }
    }
}

/// The time left, on stderr: redrawn each second on a terminal, otherwise said at the start
/// and with 10 s left (a log keeps no carriage returns).
final class Countdown: @unchecked Sendable {
    private let take: TakeControl
    private let started: ContinuousClock.Instant
    private let limit: Double
    private let terminal = isatty(STDERR_FILENO) == 1
    private let timer = DispatchSource.makeTimerSource(queue: .global())
    private let lock = NSLock()
    private var warned = false

    init(take: TakeControl, started: ContinuousClock.Instant, limit: Double) {
        self.take = take
        self.started = started
        self.limit = limit
    }

    func start() {
        if !terminal { say(tr("מקשיב — Enter עוצר, 60 שניות לכל היותר", "listening — Enter stops, 60 s at most") + "\n") }
        timer.schedule(deadline: .now(), repeating: 1.0)
        timer.setEventHandler { [self] in tick() }
        timer.resume()
    }

    func finish() {
        timer.cancel()
        if terminal { say("\r\u{1B}[K") }
    }

    private func tick() {
        guard !take.isStopped else { return }
        let left = max(0, Int((limit - RealTimeClock.seconds(ContinuousClock.now - started)).rounded()))
        if terminal {
            say("\r" + tr("🎙 מקשיב — נותרו \(left) שניות, Enter עוצר ", "🎙 listening — \(left) s left, Enter stops "))
        } else if left <= 10, lock.withLock({ let first = !warned; warned = true; return first }) {
            say(tr("נותרו \(left) שניות", "\(left) s left") + "\n")
        }
    }

    private func say(_ text: String) {
        FileHandle.standardError.write(Data(((terminal || text.hasPrefix("\r") ? "" : "ozen: ") + text).utf8))
    }
}
