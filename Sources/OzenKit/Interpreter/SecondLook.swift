import Foundation

/// A sentence waiting for the second pass (`BackgroundQueue`): a slow or dead second computer
/// never holds up the next sentence's English.
struct ReviewJob: Sendable {
    var sentence: SentenceTranslation
    var audio: [Float]
    /// The English of the sentences before it, for the reviewer's prompt.
    var context: String?
}

/// What the second pass made of a sentence.
enum ReviewOutcome: Sendable {
    case reviewed(SentenceRevision)
    /// The reviewer failed on this sentence (its first version stays).
    case failed(id: Int, reason: String)
    /// The queue was full: this sentence was never sent.
    case skipped(id: Int)
}

extension BackgroundQueue where Job == ReviewJob, Outcome == ReviewOutcome {
    /// The second pass's worker, hearing each sentence with `reviewer`.
    static func reviews(reviewer: any SentenceReviewer, language: SpokenLanguage, limit: Int, inline: Bool)
        -> BackgroundQueue<ReviewJob, ReviewOutcome> {
        BackgroundQueue(name: "ozen-second-pass", limit: limit, inline: inline, work: { job in
            SecondLook.review(job, reviewer: reviewer, language: language)
        }, dropped: { job, atEnd in
            atEnd ? .failed(id: job.sentence.id, reason: "not answered before the end") : .skipped(id: job.sentence.id)
        })
    }
}

/// The second pass on one sentence: what it heard and wrote passes the loop rule like every
/// text shown, and the English is redone when it heard other words (or always, for a reviewer
/// that translates what it heard the same).
enum SecondLook {
    static func review(_ job: ReviewJob, reviewer: any SentenceReviewer, language: SpokenLanguage) -> ReviewOutcome {
        let outcome: ReviewOutcome
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
