import Foundation

/// A worker of its own for slow second looks: jobs go in as the pipeline makes them and are
/// worked one at a time, oldest first, on a thread of their own, so the live pipeline never
/// waits for one; outcomes wait in an outbox until the pipeline's thread takes them. The line
/// corrector (`LineCorrector`) and the interpreter's second pass (`Interpreter`) each run one.
///
/// When more than `limit` jobs wait, the oldest is dropped (`dropped` says what becomes of it):
/// a computer that far behind needs its time for what is being said now. `inline` works each
/// job on the caller's thread as it is submitted instead (a file replay on the steady clock:
/// the same file gives the same events on every run).
final class BackgroundQueue<Job: Sendable, Outcome: Sendable>: @unchecked Sendable {
    private let work: @Sendable (Job) -> Outcome
    private let dropped: @Sendable (Job, _ atEnd: Bool) -> Outcome
    private let limit: Int
    let inline: Bool
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var waiting: [Job] = []
    private var outbox: [Outcome] = []
    private var busy = false
    private var closed = false

    /// `work` gives a job's outcome; `dropped` the outcome of a job never worked (`atEnd`: still
    /// waiting when the stream ended, else pushed out by a newer one).
    init(name: String, limit: Int, inline: Bool = false, work: @escaping @Sendable (Job) -> Outcome,
         dropped: @escaping @Sendable (Job, _ atEnd: Bool) -> Outcome) {
        self.work = work
        self.dropped = dropped
        self.limit = limit
        self.inline = inline
        guard !inline else { return }
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func submit(_ job: Job) {
        if inline {
            let outcome = work(job)
            condition.withLock { outbox.append(outcome) }
            return
        }
        condition.lock()
        if waiting.count >= limit { outbox.append(dropped(waiting.removeFirst(), false)) }
        waiting.append(job)
        condition.broadcast()
        condition.unlock()
    }

    /// What has come back since the last call.
    func take() -> [Outcome] {
        condition.withLock {
            let taken = outbox
            outbox = []
            return taken
        }
    }

    /// Waits until every job sent has an outcome, or `seconds` have passed; then stops the worker.
    func drain(waitingUpTo seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        while (busy || !waiting.isEmpty) && condition.wait(until: deadline) {}
        for job in waiting { outbox.append(dropped(job, true)) }
        waiting = []
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the worker without waiting (a client hung up).
    func close() {
        condition.withLock {
            waiting = []
            closed = true
            condition.broadcast()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while waiting.isEmpty && !closed { condition.wait() }
            if closed { condition.unlock(); return }
            let job = waiting.removeFirst()
            busy = true
            condition.unlock()

            let outcome = work(job)
            condition.lock()
            outbox.append(outcome)
            busy = false
            condition.broadcast()
            condition.unlock()
        }
    }
}
