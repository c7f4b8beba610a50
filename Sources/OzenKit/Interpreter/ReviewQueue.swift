import Foundation

/// The second pass's worker: sentences go in as they close, one at a time to the reviewer on a
/// thread of its own, so a slow or dead second computer never holds up the next sentence's
/// English. Answers wait in an outbox until the pipeline's thread takes them.
final class ReviewQueue: @unchecked Sendable {
    struct Job: Sendable {
        var sentence: SentenceTranslation
        var audio: [Float]
        /// The English of the sentences before it, for the reviewer's prompt.
        var context: String?
    }
    enum Outcome: Sendable {
        case reviewed(SentenceRevision)
        /// The reviewer failed on this sentence (its first version stays).
        case failed(id: Int, reason: String)
        /// The queue was full: this sentence was never sent.
        case skipped(id: Int)
    }

    private let reviewer: any SentenceReviewer
    private let language: SpokenLanguage
    private let limit: Int
    private let condition = NSCondition()
    private var waiting: [Job] = []
    private var outbox: [Outcome] = []
    private var busy = false
    private var closed = false

    /// Whether each sentence is reviewed as it is submitted, on the caller's thread (a file
    /// replay on the steady clock: the same file gives the same events on every run).
    let inline: Bool

    init(reviewer: any SentenceReviewer, language: SpokenLanguage, limit: Int, inline: Bool = false) {
        self.reviewer = reviewer
        self.language = language
        self.limit = limit
        self.inline = inline
        guard !inline else { return }
        let thread = Thread { [self] in work() }
        thread.name = "ozen-second-pass"
        thread.start()
    }

    func submit(_ job: Job) {
        if inline {
            let outcome = review(job)
            condition.lock()
            outbox.append(outcome)
            condition.unlock()
            return
        }
        condition.lock()
        if waiting.count >= limit { outbox.append(.skipped(id: waiting.removeFirst().sentence.id)) }
        waiting.append(job)
        condition.broadcast()
        condition.unlock()
    }

    /// What has come back since the last call.
    func take() -> [Outcome] {
        condition.lock()
        defer { condition.unlock() }
        let taken = outbox
        outbox = []
        return taken
    }

    /// Waits until every sentence sent has an answer, or `seconds` have passed; then stops the worker.
    func drain(waitingUpTo seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        while (busy || !waiting.isEmpty) && condition.wait(until: deadline) {}
        for job in waiting { outbox.append(.failed(id: job.sentence.id, reason: "not answered before the end")) }
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

            let outcome = review(job)
            condition.lock()
            outbox.append(outcome)
            busy = false
            condition.broadcast()
            condition.unlock()
        }
    }

    private func review(_ job: Job) -> Outcome {
        let outcome: Outcome
        do {
            // What the second pass heard and wrote passes the loop rule like every text shown.
            let source = LoopGuard.cleaned(try reviewer.hear(audio: job.audio, language: language)).trimmingCharacters(in: .whitespacesAndNewlines)
            let heardTheSame = source.isEmpty || SentenceWords.same(source, job.sentence.source)
            if heardTheSame && reviewer.translatesWhatItHeardTheSame {
                let kept = source.isEmpty ? job.sentence.source : source
                let english = try reviewer.translate(audio: job.audio, language: language, source: kept, previousEnglish: job.context)
                    .map { LoopGuard.cleaned($0).trimmingCharacters(in: .whitespacesAndNewlines) }
                let better = english?.isEmpty == false ? english! : job.sentence.english
                let changed = !SentenceWords.same(better, job.sentence.english)
                outcome = .reviewed(SentenceRevision(id: job.sentence.id, source: job.sentence.source, english: better, changed: changed))
            } else if heardTheSame {
                outcome = .reviewed(SentenceRevision(id: job.sentence.id, source: job.sentence.source,
                                                     english: job.sentence.english, changed: false))
            } else {
                let english = try reviewer.translate(audio: job.audio, language: language, source: source, previousEnglish: job.context)
                    .map { LoopGuard.cleaned($0).trimmingCharacters(in: .whitespacesAndNewlines) }
                outcome = .reviewed(SentenceRevision(id: job.sentence.id, source: source,
                                                     english: english?.isEmpty == false ? english! : job.sentence.english,
                                                     changed: true))
            }
        } catch {
            outcome = .failed(id: job.sentence.id, reason: String(describing: error))
        }
        return outcome
    }
}

/// Whether two versions of a sentence say the same words: case, punctuation and spacing aside.
enum SentenceWords {
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }).map(String.init)
    }
    static func same(_ a: String, _ b: String) -> Bool { words(a) == words(b) }
}
