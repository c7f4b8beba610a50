import Foundation
import OzenEngines
import OzenIO
import OzenKit
import Synchronization

/// The takes of one service: at most one at a time, each with a microphone opened for it.
public final class DictationService: Sendable {
    public typealias Deliver = @Sendable (DictationTake, Bool) throws -> String

    private final class Run: Sendable {
        let control: TakeControl
        let started = ContinuousClock.now
        let done = DispatchSemaphore(value: 0)
        /// The take's lines, and why its pipeline failed (in words), from the pipeline's thread.
        let outcome = Mutex<(lines: [String], failure: String?)>(([], nil))
        init(control: TakeControl) { self.control = control }
    }

    private let choice: MicrophoneChoice
    private let models: PipelineBuilder
    private let settings: LiveSettings
    private let deliver: Deliver
    private let current = Mutex<Run?>(nil)

    public init(choice: MicrophoneChoice, models: PipelineBuilder, settings: LiveSettings, deliver: @escaping Deliver) {
        self.choice = choice
        self.models = models
        self.settings = settings
        self.deliver = deliver
    }

    /// The answer to one command line of the socket's protocol (`toggle`, `stop`, `status`, `ping`).
    public func answer(_ command: String) -> String {
        switch command {
        case "ping": return "pong"
        case "status": return current.withLock { $0 == nil } ? "idle" : "listening"
        case "stop": _ = finishTake(); return "stopped"
        case "toggle":
            if current.withLock({ $0 != nil }) { return finishTake() }
            do { try startTake(); return "listening" } catch { return "error\t\(error)" }
        default: return "error\t" + tr("פקודה לא מוכרת: \(command)", "unknown command: \(command)")
        }
    }

    private func startTake() throws {
        let microphone = try MicrophoneInput(choice: choice, settings: .speechOnly)
        let inbox = LiveAudioInbox()
        let run = Run(control: TakeControl(microphone: microphone, inbox: inbox))
        try microphone.start(into: inbox) { status in
            if case .failed(let reason, let action) = status { run.control.stop(failure: action.isEmpty ? reason : "\(reason) — \(action)") }
        }
        current.withLock { $0 = run }
        let pipeline = PipelineBox(try models.captioner(settings: settings, clock: RealTimeClock()))
        Thread.detachNewThread {
            do {
                try LiveStream.run(inbox, through: pipeline.captioner) { event in
                    if case .line(let line, _) = event, !line.text.isEmpty { run.outcome.withLock { $0.lines.append(line.text) } }
                }
            } catch {
                let failure = String(describing: error)
                run.outcome.withLock { $0.failure = failure }
            }
            run.done.signal()
        }
        // A take ends by itself at the limit, and is delivered as if she had tapped stop.
        DispatchQueue.global().asyncAfter(deadline: .now() + DictationTake.longest) { [weak self] in
            guard let self, self.current.withLock({ $0 === run }) else { return }
            run.control.stop(atLimit: true)
            _ = self.finishTake()
        }
    }

    /// Stops the open take (if any), waits for its last final pass and delivers its text.
    public func finishTake() -> String {
        guard let run = current.withLock({ current -> Run? in let r = current; current = nil; return r }) else { return "empty" }
        run.control.stop()
        run.done.wait()
        let (lines, failure) = run.outcome.withLock { ($0.lines, $0.failure) }
        if let failure { return "error\t\(failure)" }
        let stoppedAt = run.control.stoppedAt ?? ContinuousClock.now
        let take = DictationTake(raw: DictationText.stitched(lines), seconds: RealTimeClock.seconds(stoppedAt - run.started),
                                       stoppedAt: stoppedAt)
        do {
            let text = try deliver(take, run.control.endedAtLimit)
            if let problem = run.control.failure { DictationDelivery.status(problem) }
            return take.raw.isEmpty ? "empty" : "inserted\t" + text.replacingOccurrences(of: "\n", with: " ")
        } catch {
            return "error\t\(error)"
        }
    }
}

/// The take's pipeline, handed to the one thread that runs it.
// @unchecked: a LiveCaptioner (not thread-safe), used only by the one thread it is handed to.
private final class PipelineBox: @unchecked Sendable {
    let captioner: LiveCaptioner
    init(_ captioner: LiveCaptioner) { self.captioner = captioner }
}
