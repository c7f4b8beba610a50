import Foundation

/// The interpreter stage: it follows the live pipeline's events and, for every locked line
/// (a sentence closed at its punctuation or at the pause that ends it), translates that
/// line's audio into English and sends a `translation` event right behind the `line`.
///
///     live pipeline in the source language → line → translator (fallback: Whisper) → translation
///                                                  ↘ second pass (own thread) → revised / checked
///
/// It is an `AudioListener` so it keeps the recent audio itself; the captioner is not asked
/// for anything. Short sentences get the sentences before them as context
/// (`InterpreterSettings.contextUpToWords`). A translator that fails is replaced by the
/// fallback for that sentence and the status says so once; nothing is dropped.
///
/// Not thread-safe: one session drives it from one task (the second pass has its own thread).
public final class Interpreter: AudioListener {
    public let settings: InterpreterSettings
    let translator: any SentenceTranslator
    let fallback: (any SentenceTranslator)?
    let clock: any PipelineClock
    private let reviews: BackgroundQueue<ReviewJob, ReviewOutcome>?
    private let reviewerName: String?

    private var audio: RecentAudio
    private var translated: [SentenceTranslation] = []
    /// Whether the translator's last sentence failed, and the second pass's last: a note is
    /// shown when either starts or stops failing, not for every sentence.
    private var translatorFailing = false
    private var reviewerFailing = false

    public private(set) var sentences = 0
    public private(set) var fallbacks = 0
    public private(set) var revised = 0
    public private(set) var checked = 0
    /// Seconds spent translating (the interpreter's share of the CPU).
    public private(set) var busySeconds = 0.0

    public init(translator: any SentenceTranslator, fallback: (any SentenceTranslator)? = nil,
                reviewer: (any SentenceReviewer)? = nil, settings: InterpreterSettings, clock: any PipelineClock,
                reviewsInline: Bool = false) {
        self.translator = translator
        self.fallback = fallback
        self.settings = settings
        self.audio = RecentAudio(seconds: settings.keptAudio)
        self.clock = clock
        self.reviews = reviewer.map { .reviews(reviewer: $0, language: settings.language, limit: settings.reviewsWaitingAtMost, inline: reviewsInline) }
        self.reviewerName = reviewer?.name
    }

    // MARK: audio

    public func hear(_ samples: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        audio.append(samples, startSeconds: start)
        deliverReviews(emit)
    }

    public func finish(emit: (CaptionEvent) -> Void) throws {
        reviews?.drain(waitingUpTo: settings.reviewWaitAtEnd)
        deliverReviews(emit)
    }

    // MARK: events

    /// Passes a pipeline event on, then the translation it calls for.
    public func pass(_ event: CaptionEvent, emit: (CaptionEvent) -> Void) {
        emit(event)
        guard case .line(let line, _) = event else { return }
        let source = line.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !source.isEmpty else { return }
        let samples = audio.stretch(from: line.start - settings.padding, to: line.end + settings.padding)
        let earlier = context(forWords: 0, startingAt: line.start).map(\.english).joined(separator: " ")
        let translation = translate(line: line, source: source, samples: samples, emit: emit)
        translated.append(translation)
        if translated.count > 16 { translated.removeFirst() }
        emit(.translation(translation, at: clock.now))
        if let reviews, !samples.isEmpty {
            reviews.submit(.init(sentence: translation, audio: samples, context: earlier.isEmpty ? nil : earlier))
            if reviews.inline { deliverReviews(emit) }
        }
    }

    /// The earlier sentences a sentence of `words` words starting at `start` is read with.
    func context(forWords words: Int, startingAt start: Double) -> [SentenceTranslation] {
        guard words <= settings.contextUpToWords else { return [] }
        var picked: [SentenceTranslation] = []
        var after = start
        for earlier in translated.reversed() {
            guard picked.count < settings.contextSentences, after - earlier.end <= settings.contextWithin else { break }
            picked.insert(earlier, at: 0)
            after = earlier.start
        }
        return picked
    }

    private func translate(line: CaptionLine, source: String, samples: [Float], emit: (CaptionEvent) -> Void) -> SentenceTranslation {
        sentences += 1
        let words = source.split(whereSeparator: { $0 == " " }).count
        let request = SentenceToTranslate(audio: samples, source: source, language: settings.language,
                                          context: context(forWords: words, startingAt: line.start))
        var result = SentenceTranslation(id: line.id, start: line.start, end: line.end, source: source,
                                         language: settings.language.rawValue, english: "",
                                         translator: translator.name, usedContext: !request.context.isEmpty)
        let began = ContinuousClock.now
        defer {
            let cost = RealTimeClock.seconds(ContinuousClock.now - began)
            busySeconds += cost
            clock.charge(cost)
        }
        do {
            // Whichever translator wrote it, no loop reaches the screen (`LoopGuard`).
            let english = LoopGuard.cleaned(try translator.translate(request)).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !english.isEmpty else { throw EmptyTranslation() }
            result.english = english
            if translatorFailing {
                translatorFailing = false
                emit(.status(.note(tr("התרגום של \(translator.name) עובד שוב", "the \(translator.name) translator works again")), at: clock.now))
            }
            return result
        } catch {
            let reason = String(describing: error)
            result.fallbackReason = reason
            if !translatorFailing {
                translatorFailing = true
                let instead = fallback.map { tr(" — מתרגם ב־\($0.name) במקומו", " — translating with \($0.name) instead") } ?? ""
                emit(.status(.note(tr("התרגום של \(translator.name) נכשל: \(reason)", "the \(translator.name) translator failed: \(reason)") + instead), at: clock.now))
            }
        }
        fallbacks += 1
        guard let fallback else { return result }
        do {
            result.english = LoopGuard.cleaned(try fallback.translate(request)).trimmingCharacters(in: .whitespacesAndNewlines)
            result.translator = fallback.name
        } catch {
            result.fallbackReason = (result.fallbackReason ?? "") + "; \(fallback.name): \(error)"
        }
        return result
    }

    private func deliverReviews(_ emit: (CaptionEvent) -> Void) {
        guard let reviews else { return }
        for outcome in reviews.take() {
            switch outcome {
            case .reviewed(let revision):
                if revision.changed { revised += 1 } else { checked += 1 }
                if reviewerFailing {
                    reviewerFailing = false
                    emit(.status(.note(tr("המעבר השני (\(reviewerName ?? "")) עונה שוב", "the second pass (\(reviewerName ?? "")) answers again")), at: clock.now))
                }
                emit(.reviewed(revision, at: clock.now))
            case .failed(let id, let reason):
                if !reviewerFailing {
                    reviewerFailing = true
                    emit(.status(.note(tr("המעבר השני (\(reviewerName ?? "")) לא ענה על משפט \(id): \(reason) — הגרסה הראשונה נשארת",
                                          "the second pass (\(reviewerName ?? "")) did not answer for sentence \(id): \(reason) — the first version stays")), at: clock.now))
                }
            case .skipped(let id):
                emit(.status(.note(tr("המעבר השני מפגר; משפט \(id) נשאר בגרסה הראשונה", "the second pass is behind; sentence \(id) keeps its first version")), at: clock.now))
            }
        }
    }

}

/// A translator answered with nothing.
struct EmptyTranslation: Error, CustomStringConvertible {
    var description: String { tr("התשובה הייתה ריקה", "the answer was empty") }
}
