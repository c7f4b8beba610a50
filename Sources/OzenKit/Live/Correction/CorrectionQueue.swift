import Foundation

/// The corrector's worker: locked lines go in as they lock and are decoded again one at a time
/// on a thread of its own, so the live passes and first locks never wait for a correction.
/// Its decodes ask the recognizer to run in the background (`DecodingOptions.runsInBackground`:
/// the lowest CPU priority, outside the queue of the pipeline's own passes), so under load
/// (several phones, a slow computer) the correction is what gives way. Answers wait in an
/// outbox until the pipeline's thread takes them.
final class CorrectionQueue: @unchecked Sendable {
    struct Job: Sendable {
        var line: CaptionLine
        var audio: [Float]
        /// When the line locked (`ProcessInfo.systemUptime`), for `CorrectionSettings.staleAfter`.
        var lockedAt: Double
    }

    private let correct: @Sendable (Job) -> LineCorrector.Outcome
    private let settings: CorrectionSettings
    private let condition = NSCondition()
    private var waiting: [Job] = []
    private var outbox: [LineCorrector.Outcome] = []
    private var busy = false
    private var closed = false

    init(settings: CorrectionSettings, correct: @escaping @Sendable (Job) -> LineCorrector.Outcome) {
        self.settings = settings
        self.correct = correct
        let thread = Thread { [self] in work() }
        thread.name = "ozen-corrections"
        thread.start()
    }

    func submit(_ job: Job) {
        condition.lock()
        if waiting.count >= settings.waitingAtMost { outbox.append(.leftAsIs(id: waiting.removeFirst().line.id)) }
        waiting.append(job)
        condition.broadcast()
        condition.unlock()
    }

    /// What has come back since the last call.
    func take() -> [LineCorrector.Outcome] {
        condition.lock()
        defer { condition.unlock() }
        let taken = outbox
        outbox = []
        return taken
    }

    /// Waits until every line sent has been heard again, or `seconds` have passed; then stops the worker.
    func drain(waitingUpTo seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        while (busy || !waiting.isEmpty) && condition.wait(until: deadline) {}
        for job in waiting { outbox.append(.leftAsIs(id: job.line.id)) }
        waiting = []
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the worker without waiting (a client hung up).
    func close() {
        condition.lock()
        waiting = []
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while waiting.isEmpty && !closed { condition.wait() }
            if closed { condition.unlock(); return }
            let job = waiting.removeFirst()
            busy = true
            condition.unlock()

            let outcome = ProcessInfo.processInfo.systemUptime - job.lockedAt > settings.staleAfter
                ? .leftAsIs(id: job.line.id) : correct(job)
            condition.lock()
            outbox.append(outcome)
            busy = false
            condition.broadcast()
            condition.unlock()
        }
    }
}
