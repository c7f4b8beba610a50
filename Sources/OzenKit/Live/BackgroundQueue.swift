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
final class BackgroundQueue<Job: Sendable, Outcome: Sendable>: Sendable {
    private let work: @Sendable (Job) -> Outcome
    private let dropped: @Sendable (Job, _ atEnd: Bool) -> Outcome
    private let limit: Int
    let inline: Bool

    private struct State {
        var waiting: [Job] = []
        var outbox: [Outcome] = []
        var busy = false
        var closed = false
    }

    private let state = WaitableMutex(State())

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
            state.withLock { $0.outbox.append(outcome) }
            return
        }
        state.withLock {
            if $0.waiting.count >= limit { $0.outbox.append(dropped($0.waiting.removeFirst(), false)) }
            $0.waiting.append(job)
            state.broadcast()
        }
    }

    /// What has come back since the last call.
    func take() -> [Outcome] {
        state.withLock {
            let taken = $0.outbox
            $0.outbox = []
            return taken
        }
    }

    /// Waits until every job sent has an outcome, or `seconds` have passed; then stops the worker.
    func drain(waitingUpTo seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        state.withLock(waitingUntil: deadline, for: { !$0.busy && $0.waiting.isEmpty }) {
            for job in $0.waiting { $0.outbox.append(dropped(job, true)) }
            $0.waiting = []
            $0.closed = true
            state.broadcast()
        }
    }

    /// Stops the worker without waiting (a client hung up).
    func close() {
        state.withLock {
            $0.waiting = []
            $0.closed = true
            state.broadcast()
        }
    }

    private func run() {
        while true {
            let job: Job? = state.withLock(for: { !$0.waiting.isEmpty || $0.closed }) {
                if $0.closed { return nil }
                $0.busy = true
                return $0.waiting.removeFirst()
            }
            guard let job else { return }

            let outcome = work(job)
            state.withLock {
                $0.outbox.append(outcome)
                $0.busy = false
                state.broadcast()
            }
        }
    }
}
