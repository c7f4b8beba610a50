import Foundation

/// The live caption pipeline: audio in, `partial` and `line` events out.
///
///     sanitize → voice per 32 ms window → utterance cutting → live passes on the open
///     utterance (settling words) → final pass on the closed one → hallucination gate → line
///
/// Audio without voice never reaches the recognizer. At most one pass runs at a time and a
/// live pass that is not due is skipped, never queued, so latency cannot grow on a slow CPU:
/// it gets fewer live passes. The final pass of an utterance is never skipped.
///
/// Not thread-safe: one session drives it from one task.
public final class LiveCaptioner {
    public let settings: LiveSettings
    let classifier: any VoiceFrameClassifier
    let recognizer: any SpeechRecognizer
    let clock: any PipelineClock
    /// Who said each line; nil: lines carry no speaker.
    public let speakers: LineSpeakers?
    private let gate: HallucinationGate
    private var textStage: TextStage
    private var wordsList = WordsList()
    private var wordsListStamp: Date?
    private var namesPrompt: String?
    private var vocabulary: WordsList?
    private var paragraphs = ParagraphBreaker()
    /// The wall-clock time of the first sample, for the clock time a gap ends at.
    public var startedAt = Date()
    let rate = Double(MonoAudio.speechRate)

    public private(set) var sanitizer = SampleSanitizer()
    private var cutter: UtteranceCutter
    private var stabilizer = WordStabilizer()

    /// Audio of the recent past; `bufferStart` is the sample index of `buffer[0]`.
    private var buffer: [Float] = []
    private var bufferStart = 0
    private var pendingFrameStart = 0
    /// Samples fed into the pipeline so far.
    public private(set) var fed = 0

    private var nextLineID = 1
    private var currentLineID: Int?
    private var partialShown = false
    /// Words of the current line already final from earlier parts of a long utterance.
    private var carried: [String] = []
    private var carriedStart: Double?
    private var carriedConfidences: [Double] = []
    /// The carried words with their times (seconds from the recording's start), so a long
    /// utterance in which the voice changes can still be split; nil when some carried words
    /// have no times (they came from live passes).
    private var carriedTimed: [TimedWord]? = []
    /// The pauses between the open line's utterances, where a change of voice is snapped to.
    private var lineSeams: [LineSplit.Seam] = []
    /// Where the voice of a line's last utterance ended (a sample), while the line waits to see
    /// whether its speaker goes on (`LiveSettings.linePause`); nil when no line is held.
    private var heldLineEnd: Int?
    private var carriedLanguage: String?
    /// The pipeline clock when audio was last fed.
    private var lastFedAt: Double?
    /// The end of the conversation's locked text, the final pass's context (as Whisper offline
    /// gives each window the text before it).
    private var lockedContext = ""
    /// Whether the last pass's text held a short loop (`ShortLoop`), now cut to one copy.
    private var lastPassLooped = false
    /// The open utterance's final pass run in the quiet after its voice (`finalAfterQuiet`):
    /// its start and the end of its voice, and what it gave.
    private var earlyFinal: (start: Int, voiceEnd: Int, transcript: Transcript, looped: Bool)?

    private var lastPassEnd = -Double.infinity
    private var lastPassCost = 0.0
    private var lastPassAudioEnd = 0
    /// Cancelled when the audio ends (she stopped the take, the client said `end`, a replay in
    /// real time reached its end): a live pass still running then is stopped, since the final
    /// pass that replaces its words waits behind it. nil: live passes always run to their end.
    public var endOfAudio: PassCancellation?
    /// Told of every pass and what it cost, for `ozen bench accuracy --passes`.
    public var passLog: ((String) -> Void)?
    /// Passes run, for diagnostics and benchmarks.
    public private(set) var livePassCount = 0
    public private(set) var finalPassCount = 0
    public private(set) var droppedByGate = 0
    public private(set) var linesEmitted = 0
    /// Seconds spent in recognizer passes (the pipeline's busy time).
    public private(set) var busySeconds = 0.0
    /// The last words of a sentence locked while its utterance went on: the next passes
    /// decode from a little before its end, and repeat these words at their head.
    private var lockedTail: [String] = []

    public init(classifier: any VoiceFrameClassifier, recognizer: any SpeechRecognizer,
                settings: LiveSettings, clock: any PipelineClock, speakers: LineSpeakers? = nil) {
        self.classifier = classifier
        self.speakers = speakers
        self.recognizer = recognizer
        self.settings = settings
        self.clock = clock
        // A classifier kept loaded between takes (dictation's service, the benches) begins each
        // pipeline from silence: with Silero's state from the take before, LibriVox -0880
        // dictated after -0870 came out "ill-sposed" (12.5 % WER; 0 % alone).
        classifier.reset()
        self.cutter = UtteranceCutter(settings: settings.cutter)
        self.gate = HallucinationGate(settings: settings.gate)
        self.textStage = TextStage(language: settings.language == .auto ? "en" : settings.language.rawValue,
                                   keywords: settings.keywords.compactMap(KeywordAlert.init))
    }

    /// Emits a caption event, then the alerts its settled words raise.
    private func send(_ event: CaptionEvent, _ emit: (CaptionEvent) -> Void) {
        var event = event
        var corrections: [SpeakerTracker.Correction] = []
        if let speakers {
            let spentBefore = speakers.busySeconds
            switch event {
            case .partial(var partial, let at):
                partial.speaker = speakers.partial(lineID: partial.id, audio: audio(seconds: partial.start, to: partial.end))
                event = .partial(partial, at: at)
            case .line(var finished, let at):
                if finished.text.isEmpty {
                    finished.speaker = speakers.partial(lineID: finished.id, audio: [])
                } else {
                    let assignment = speakers.finished(lineID: finished.id, audio: audio(seconds: finished.start, to: finished.end))
                    finished.speaker = assignment.speaker
                    corrections = assignment.corrections
                }
                event = .line(finished, at: at)
            default:
                break
            }
            clock.charge(speakers.busySeconds - spentBefore)
        }
        defer {
            for correction in corrections { emit(.speaker(lineID: correction.lineID, speaker: correction.speaker, at: at)) }
        }
        if case .line(var finished, let at) = event, !finished.text.isEmpty {
            let placement = paragraphs.place(finished)
            finished.paragraph = placement.paragraph
            finished.paragraphBreaks = placement.breaks
            if let silence = placement.gapBefore {
                emit(.gap(silence: silence, resumedAt: startedAt.addingTimeInterval(finished.start), at: at))
            }
            event = .line(finished, at: at)
        }
        emit(event)
        let line: CaptionLine, settledThrough: Int?
        switch event {
        case .partial(let l, _):
            line = l
            let settled = l.text.split(separator: " ").prefix(l.settledWords ?? 0)
            settledThrough = settled.isEmpty ? 0 : settled.joined(separator: " ").utf16.count
        case .line(let l, _):
            line = l
            settledThrough = nil
        default:
            return
        }
        guard !line.text.isEmpty else { return }
        for alert in textStage.process(SettledLine(id: line.id, text: line.text, at: at, settledThrough: settledThrough)).alerts {
            emit(.alert(alert))
        }
    }

    /// When an event is written, on the pipeline's clock: in real time the wall clock since the
    /// start (what a listener saw, pass costs included), in a replay the audio plus the charged
    /// costs. Never earlier than the audio fed so far.
    var at: Double { max(clock.now, Double(fed) / rate) }
    /// Seconds of audio fed so far (the stream's position, which listeners' times are in).
    public var fedSeconds: Double { Double(fed) / rate }

    /// Takes the next stretch of 16 kHz mono audio; may run final passes for utterances it closes.
    public func feed(_ chunk: [Float], emit: (CaptionEvent) -> Void) throws {
        buffer += sanitizer.clean(chunk)
        fed += chunk.count
        let length = classifier.frameLength
        while pendingFrameStart + length <= fed {
            let from = pendingFrameStart - bufferStart
            let frame = buffer[from..<from + length]
            let energy = frame.reduce(Float(0)) { $0 + $1 * $1 } / Float(length)
            // On the audio's own time, frame by frame: audio that queued during a pass can hold
            // the pause and the next voice at once.
            closeHeldLineIfPaused(silenceSinceFed: 0, emit: emit)
            let events = cutter.frame(start: pendingFrameStart, length: length,
                                      isVoice: classifier.isVoice(frame), energy: energy)
            pendingFrameStart += length
            for event in events { try handle(event, emit: emit) }
        }
        closeHeldLineIfPaused(silenceSinceFed: 0, emit: emit)
        trimBuffer()
        lastFedAt = clock.now
    }

    /// Seconds without any audio after which the open utterance and line are finished: twice the
    /// line pause, and well over the 0.1 s pieces a microphone or the protocol's clients send.
    static let audioStoppedAfter = 1.5

    /// A held line locks once its speaker has been silent for the line pause: the silence in
    /// the audio fed, plus `silenceSinceFed` seconds in which no audio came at all.
    private func closeHeldLineIfPaused(silenceSinceFed: Double, emit: (CaptionEvent) -> Void) {
        guard let end = heldLineEnd, !cutter.isOpen,
              Double(pendingFrameStart - end) / rate + silenceSinceFed >= settings.linePause else { return }
        closeHeldLine(emit: emit)
    }

    private func closeHeldLine(emit: (CaptionEvent) -> Void) {
        guard let end = heldLineEnd else { return }
        emitLine(carried, start: carriedStart ?? Double(end) / rate, end: Double(end) / rate,
                 language: carriedLanguage ?? settings.language.rawValue, timed: carriedTimed, emit: emit)
    }

    /// Runs a live pass on the open utterance if one is due now; otherwise does nothing.
    public func livePassIfDue(emit: (CaptionEvent) -> Void) throws {
        if let fedAt = lastFedAt {
            // A microphone that stops sending must not hold the last line back: the time since
            // audio last came counts as silence.
            closeHeldLineIfPaused(silenceSinceFed: clock.now - fedAt, emit: emit)
            // No audio at all for a while (a stalled microphone, a client that stopped sending):
            // what was being said has ended; its final pass runs now rather than when audio returns.
            if clock.now - fedAt >= Self.audioStoppedAfter, cutter.isOpen || heldLineEnd != nil {
                for event in cutter.finish(at: fed) { try handle(event, emit: emit) }
                closeHeldLine(emit: emit)
            }
        }
        if try finalPassInQuiet() { return }
        guard settings.livePasses, cutter.hasEnoughVoice, let start = cutter.openUtteranceStart else { return }
        let gap = max(settings.minimumPassGap, settings.passCostFactor * lastPassCost)
        guard clock.now - lastPassEnd >= gap,
              Double(fed - lastPassAudioEnd) >= settings.minimumPassGap * rate,
              Double(pendingFrameStart - cutter.lastVoiceEndSample) < settings.quietBeforeFinal * rate else { return }
        let samples = audio(from: start, to: fed)
        // Live passes go without the names list: on the pyannote call, under load, a prompted
        // live pass looped "New Jersey, New Jersey, …" and the words it displaced were lost.
        let transcript: Transcript, cost: Double
        do {
            (transcript, cost) = try decode(samples, beam: settings.liveBeamSize, prompted: false)
        } catch is PassShed {
            // A shared recognizer had no room (other streams' finals): try again a gap later.
            lastPassEnd = clock.now
            return
        } catch is PassCancelled {
            // The audio ended while it ran (the final pass comes next), or a shared recognizer
            // needed its place for another stream's final: try again a gap later.
            passLog?("live pass cancelled")
            lastPassEnd = clock.now
            return
        }
        livePassCount += 1
        lastPassCost = cost
        lastPassEnd = clock.now
        lastPassAudioEnd = fed
        guard gate.judge(transcript, prompt: prompt, audioLevel: AudioLevel(measuring: samples),
                         modulation: BandModulation(measuring: samples), wordsList: wordsList) == .keep else {
            droppedByGate += 1
            return
        }
        stabilizer.update(with: transcript.text)
        let voiceStart = Double(cutter.openVoiceStart ?? start) / rate
        if lockFinishedSentence(transcript, utteranceStart: start, voiceStart: voiceStart, emit: emit) { return }
        let words = carried + stabilizer.shown
        guard !words.isEmpty else { return }
        let id = lineID()
        partialShown = true
        send(.partial(CaptionLine(id: id, text: words.joined(separator: " "),
                                  start: carriedStart ?? voiceStart, end: Double(fed) / rate,
                                  final: false, confidence: transcript.confidence,
                                  uncertain: (transcript.confidence ?? 1) < settings.uncertainBelow,
                                  language: transcript.language,
                                  settledWords: carried.count + stabilizer.settled.count), at: at), emit)
    }

    /// Runs the open utterance's final pass once its speaker has been quiet for
    /// `finalAfterQuiet`, on the audio the cutter would close it with (its voice and tail, as far
    /// as fed); whether it ran.
    private func finalPassInQuiet() throws -> Bool {
        guard let quiet = settings.finalAfterQuiet, cutter.hasEnoughVoice, let start = cutter.openUtteranceStart,
              Double(pendingFrameStart - cutter.lastVoiceEndSample) >= quiet * rate,
              earlyFinal.map({ $0.start != start || $0.voiceEnd != cutter.lastVoiceEndSample }) ?? true else { return false }
        let end = min(fed, cutter.lastVoiceEndSample + Int(settings.cutter.tail * rate))
        let (transcript, _) = try decode(audio(from: start, to: end), beam: settings.finalBeamSize, final: true)
        earlyFinal = (start, cutter.lastVoiceEndSample, transcript, lastPassLooped)
        return true
    }

    /// While someone keeps talking without a pause, a sentence whose every word has settled
    /// (two passes agree on it) and after which more was said is locked as a line at once, and
    /// later passes start after it. Without this a 25 s monologue is re-decoded whole by every
    /// pass and its lines lock seconds late (whisper_streaming trims its buffer the same way).
    private func lockFinishedSentence(_ transcript: Transcript, utteranceStart: Int, voiceStart: Double,
                                      emit: (CaptionEvent) -> Void) -> Bool {
        let settled = stabilizer.settled, shown = stabilizer.shown
        guard Double(fed - utteranceStart) >= settings.lockSentencesAfter * rate,
              settled.count >= 2, transcript.words.count == shown.count,
              let last = settled.indices.last(where: { $0 < shown.count - 1 && Self.endsSentence(settled[$0]) }) else {
            return false
        }
        let endSample = utteranceStart + Int(transcript.words[last].end * rate)
        // Token times are estimates: the next passes start at the sentence's last word, and its
        // repetition is dropped from their head (see `dropRepeatedHead`).
        let resumeSample = utteranceStart + Int(transcript.words[last].start * rate)
        guard endSample > utteranceStart, endSample < fed, resumeSample > utteranceStart else { return false }
        if let c = transcript.confidence { carriedConfidences.append(c) }
        let rest = Array(shown[(last + 1)...])
        let sentence = carried + settled[...last]
        emitLine(sentence, start: carriedStart ?? voiceStart, end: Double(endSample) / rate,
                 language: transcript.language, timed: timedLine(transcript.words[...last], from: utteranceStart), emit: emit)
        lockedTail = Array(sentence.suffix(5))
        cutter.advance(to: resumeSample)
        // The words after the sentence are the comparison base for the next pass.
        stabilizer.update(with: rest.joined(separator: " "))
        return true
    }

    /// The audio ended: the open utterance gets its final pass.
    public func finish(emit: (CaptionEvent) -> Void) throws {
        for event in cutter.finish(at: fed) { try handle(event, emit: emit) }
        closeHeldLine(emit: emit)
    }

    // MARK: - Utterances

    private func handle(_ event: UtteranceCutter.Event, emit: (CaptionEvent) -> Void) throws {
        switch event {
        case .opened(let start):
            refreshWordsList()
            stabilizer = WordStabilizer()
            lastPassAudioEnd = start
            lockedTail = []
        case .discarded:
            stabilizer = WordStabilizer()
        case .closed(let utterance):
            try finalPass(utterance, emit: emit)
        }
    }

    private func finalPass(_ utterance: UtteranceCutter.Utterance, emit: (CaptionEvent) -> Void) throws {
        let samples = audio(from: utterance.start, to: utterance.end)
        var transcript: Transcript
        if let early = earlyFinal, early.start == utterance.start, early.voiceEnd == utterance.voiceEnd {
            // Run in the quiet after the voice, on the same audio once the quiet reached the tail.
            transcript = early.transcript
            lastPassLooped = early.looped
        } else {
            (transcript, _) = try decode(samples, beam: settings.finalBeamSize, final: true)
        }
        earlyFinal = nil
        finalPassCount += 1
        // A loop never reaches the screen: the pass is decoded again without a prompt and with
        // Whisper's temperature fallback; if that loops too, the loop stays cut to one copy.
        if lastPassLooped {
            let (again, _) = try decode(samples, beam: settings.finalBeamSize, final: true, afresh: true)
            if !lastPassLooped { transcript = again }
        }
        let level = AudioLevel(measuring: samples)
        let modulation = BandModulation(measuring: samples)
        var kept = gate.judge(transcript, prompt: prompt, audioLevel: level, modulation: modulation, wordsList: wordsList) == .keep
        // A prompt can make Whisper stop early or read the prompt back (Ozen measured 60 names
        // cutting 98 of 120 sentences short). When a prompted final pass comes back dropped, or
        // with fewer than half the words the live passes heard, it is decoded again unprompted.
        // A prompt can also garble a sentence: under load "Ask not" came back "Esk, Knife, Esk,
        // Knife" and "ASK NOTH" on the JFK clip. What the unprompted live passes heard is
        // usually the start of the utterance; a prompted final whose start differs from it in
        // more than a quarter of its words is decoded again, and the nearer version wins. An
        // utterance whose live passes heard fewer than four words (too short to compare; in CI
        // "Ask not" became "Esk Noth, Esk Noth, Esk Noth" after two words heard) is decoded both
        // ways, and the prompted version is kept only if names from the list explain every
        // difference. Such utterances are short, so the second pass is cheap.
        let heard = WordDistance.comparableWords(stabilizer.shown.joined(separator: " "))
        let strayed = { (t: Transcript) in
            WordDistance.edits(from: heard, to: Array(WordDistance.comparableWords(t.text).prefix(heard.count)))
        }
        let strays = heard.count >= 4 && strayed(transcript) > max(2, heard.count / 4)
        // The conversation's earlier text primes the pass too, and can lead it astray the same
        // ways; only the names list makes short utterances worth decoding twice.
        let unchecked = heard.count < 4 && namesPrompt != nil
        let wordCount = { (t: Transcript) in t.text.split(separator: " ").count }
        if prompt != nil, !kept || wordCount(transcript) * 2 < heard.count
            || wordsList.shareOfListWords(in: transcript.text) > 0.5 || strays || unchecked {
            let (again, _) = try decode(samples, beam: settings.finalBeamSize, prompted: false, final: true)
            if gate.judge(again, prompt: prompt, audioLevel: level, modulation: modulation, wordsList: wordsList) == .keep {
                let better = if !kept { true }
                    else if strays { strayed(again) < strayed(transcript) }
                    else if unchecked { WordDistance.between(transcript.text, again.text) > wordsList.listWordCount(in: transcript.text) }
                    else { wordCount(again) >= wordCount(transcript) }
                if better {
                    transcript = again
                    kept = true
                }
            }
        }
        var words: [String] = []
        if kept {
            words = transcript.text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        } else {
            droppedByGate += 1
        }
        if let passLog {
            let verdict = kept ? "kept" : "the gate dropped it: \(gate.judge(transcript, prompt: prompt, audioLevel: level, modulation: modulation, wordsList: wordsList))"
            passLog(String(format: "utterance %.2f–%.2f s (voice from %.2f s), ended by %@: ", Double(utterance.start) / rate,
                           Double(utterance.end) / rate, Double(utterance.voiceStart) / rate, "\(utterance.endedBy)") + verdict)
        }
        // Nothing lost: if the final pass came back empty where live passes heard words, keep those.
        var fromLivePasses = false
        if words.isEmpty && !stabilizer.shown.isEmpty {
            words = stabilizer.shown
            fromLivePasses = true
        }
        let start = carriedStart ?? Double(utterance.voiceStart) / rate
        if let c = transcript.confidence, !words.isEmpty { carriedConfidences.append(c) }
        if let held = heldLineEnd, !carried.isEmpty, !words.isEmpty {
            lineSeams.append(LineSplit.Seam(wordIndex: carried.count, time: (Double(held) + Double(utterance.voiceStart)) / 2 / rate))
        }

        if utterance.endedBy == .length {
            // A long utterance cut by length: the line ends at its last finished sentence and the
            // words after it are decoded again together with what follows, so no sentence is split.
            if kept, !fromLivePasses, let last = Self.lastSentenceEnd(in: transcript.words) {
                let endSample = utterance.start + Int(transcript.words[last].end * rate)
                if endSample > utterance.start && endSample < utterance.end {
                    emitLine(carried + transcript.words[...last].map(\.text), start: start,
                             end: Double(endSample) / rate, language: transcript.language,
                             timed: timedLine(transcript.words[...last], from: utterance.start),
                             emit: emit)
                    cutter.reopen(from: endSample)
                    return
                }
            }
            // No sentence ends inside it: its words stay, and the line goes on with the next part.
            carried += words
            if !words.isEmpty {
                carriedTimed = kept && !fromLivePasses && transcript.words.count == words.count
                    ? timedLine(transcript.words[...], from: utterance.start) : nil
            }
            carriedStart = start
            stabilizer = WordStabilizer()
            guard !carried.isEmpty else { return }
            return showCarried(start: start, end: Double(utterance.end) / rate, transcript: transcript, emit: emit)
        }
        let timed = !fromLivePasses && transcript.words.count == words.count
            ? timedLine(transcript.words[...], from: utterance.start) : nil
        if utterance.endedBy == .pause, settings.linePause > settings.cutter.pauseToClose {
            // A breath, or the end of a turn: the words are final now, and the line waits for the
            // line pause before it locks, so a speaker who goes on stays on one line.
            guard !words.isEmpty || !carried.isEmpty else {
                return emitLine([], start: start, end: Double(utterance.voiceEnd) / rate, language: transcript.language, emit: emit)
            }
            // Nothing heard (noise the gate dropped) does not keep the line open.
            guard !words.isEmpty else { return closeHeldLineIfPaused(silenceSinceFed: 0, emit: emit) }
            carried += words
            carriedTimed = timed
            carriedStart = start
            carriedLanguage = transcript.language
            heldLineEnd = utterance.voiceEnd
            stabilizer = WordStabilizer()
            return showCarried(start: start, end: Double(utterance.voiceEnd) / rate, transcript: transcript, emit: emit)
        }
        emitLine(carried + words, start: start, end: Double(utterance.voiceEnd) / rate,
                 language: transcript.language, timed: timed, emit: emit)
    }

    /// Shows the open line's final words so far as a partial, every word settled.
    private func showCarried(start: Double, end: Double, transcript: Transcript, emit: (CaptionEvent) -> Void) {
        partialShown = true
        send(.partial(CaptionLine(id: lineID(), text: carried.joined(separator: " "), start: start, end: end, final: false,
                                  confidence: transcript.confidence, uncertain: false,
                                  language: transcript.language, settledWords: carried.count), at: at), emit)
    }

    /// Emits the finished line (or, if partials were shown and nothing survived, an empty line
    /// that tells the display to remove them) and starts afresh.
    ///
    /// With `timed` words (seconds from the recording's start) and speakers on, a line in which
    /// the voice changes is sent as one line per voice: the first keeps the partial's id.
    private func emitLine(_ words: [String], start: Double, end: Double, language: String,
                          timed: [TimedWord]? = nil, emit: (CaptionEvent) -> Void) {
        if !words.isEmpty {
            linesEmitted += 1
            lockedContext = String((lockedContext + " " + words.joined(separator: " ")).suffix(settings.promptCharacters))
        }
        guard !words.isEmpty || partialShown else { return finishLine() }
        var parts = [(words, start, end)]
        var ids = [lineID()]
        if let speakers, let timed, timed.count == words.count {
            let lineAudio = audio(seconds: start, to: end)
            let split = speakers.parts(of: timed, audio: lineAudio, start: start, seams: lineSeams)
            if split.count > 1 {
                parts = split.enumerated().map { i, part in
                    let partStart = i == 0 ? start : part.words.first!.start
                    // Word times are estimates: a part never ends before it starts.
                    return (part.words.map(\.text), partStart, max(partStart, i == split.count - 1 ? end : part.words.last!.end))
                }
                for _ in split.dropFirst() {
                    currentLineID = nil
                    ids.append(lineID())
                }
                linesEmitted += parts.count - 1
                speakers.labelParts(split, ids: ids, audio: lineAudio, start: start)
            }
        }
        let confidence = carriedConfidences.isEmpty ? nil : carriedConfidences.reduce(0, +) / Double(carriedConfidences.count)
        for ((partWords, partStart, partEnd), id) in zip(parts, ids) {
            send(.line(CaptionLine(id: id, text: partWords.joined(separator: " "), start: partStart,
                                   end: partEnd, final: true, confidence: confidence,
                                   uncertain: (confidence ?? 1) < settings.uncertainBelow,
                                   language: language), at: at), emit)
        }
        finishLine()
    }

    /// Starts afresh after a line.
    private func finishLine() {
        currentLineID = nil
        partialShown = false
        carried = []
        carriedStart = nil
        carriedConfidences = []
        carriedTimed = []
        lineSeams = []
        heldLineEnd = nil
        carriedLanguage = nil
        stabilizer = WordStabilizer()
    }

    /// The carried words' times followed by `words` (times from `utteranceStart`, a sample),
    /// in seconds from the recording's start; nil when the carried words have none.
    private func timedLine(_ words: ArraySlice<TimedWord>, from utteranceStart: Int) -> [TimedWord]? {
        carriedTimed.map { $0 + words.map { Self.shifted($0, by: Double(utteranceStart) / rate) } }
    }

    static func shifted(_ word: TimedWord, by seconds: Double) -> TimedWord {
        TimedWord(text: word.text, start: word.start + seconds, end: word.end + seconds)
    }

    /// The index of the last word that ends a sentence, not counting the very last word
    /// (Whisper puts a full stop at the end of any audio, finished or not).
    static func lastSentenceEnd(in words: [TimedWord]) -> Int? {
        guard words.count >= 2 else { return nil }
        return words[..<(words.count - 1)].lastIndex { endsSentence($0.text) }
    }

    private func lineID() -> Int {
        if let id = currentLineID { return id }
        defer { nextLineID += 1 }
        currentLineID = nextLineID
        return nextLineID
    }

    /// The line's earlier words (every pass), after the names list (final passes only).
    private var prompt: String? { prompt(withNames: true) }

    /// Live passes are primed with the line's earlier words; final passes with the names list
    /// first, and (only with `primesFinalsWithConversation`) the end of the conversation's
    /// locked text before them.
    private func prompt(withNames: Bool) -> String? {
        let line = carried.joined(separator: " ")
        let context = withNames && settings.primesFinalsWithConversation ? (lockedContext + " " + line) : line
        let trimmed = context.trimmingCharacters(in: .whitespaces)
        let earlier = trimmed.isEmpty ? nil : String(trimmed.suffix(settings.promptCharacters))
        let parts = [withNames ? namesPrompt : nil, earlier].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// A words list given by the client (the home protocol's `vocabulary`), which replaces the
    /// file's list from the next utterance on; nil goes back to the file.
    public func useVocabulary(_ terms: [String]?) {
        vocabulary = terms.map { WordsList(entries: $0) }
        wordsListStamp = nil
        if let vocabulary {
            wordsList = vocabulary
            namesPrompt = vocabulary.prompt(countingTokensWith: recognizer.tokenCount)
        } else {
            wordsList = WordsList()
            namesPrompt = nil
        }
    }

    /// Reads the words list again if its file changed since the last utterance began.
    private func refreshWordsList() {
        guard vocabulary == nil, let path = settings.wordsListPath else { return }
        let stamp = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        guard stamp != wordsListStamp || (stamp == nil && !wordsList.entries.isEmpty) else { return }
        wordsListStamp = stamp
        wordsList = (try? WordsList.load(from: path)) ?? WordsList()
        namesPrompt = wordsList.prompt(countingTokensWith: recognizer.tokenCount)
    }

    /// Whether a word closes a sentence: it ends in . ? ! or … and is not a title or an
    /// abbreviation ("Mr." ended a line mid-sentence in the 40 s monologue test before this list).
    static func endsSentence(_ word: String) -> Bool {
        guard let last = word.last, ".?!…".contains(last) else { return false }
        if last != "." { return true }
        let bare = word.dropLast().lowercased()
        if abbreviations.contains(bare) { return false }
        // Initials and single letters ("J.", "U.S.") do not end sentences either.
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.allSatisfy { $0.count == 1 && $0.first!.isLetter }
    }

    static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "rev", "gen", "col", "lt", "sgt", "capt",
        "vs", "etc", "e.g", "i.e", "approx", "no", "dept", "inc", "ltd", "co", "mt",
        "hr", "min", "sec", "tel", "fig", "vol",
    ]

    // MARK: - Audio and passes

    /// Decodes a pass. `afresh`: no prompt at all and Whisper's temperature fallback, for a
    /// final pass that came back looping (its random sampling is seeded, so a replay repeats it).
    private func decode(_ samples: [Float], beam: Int, prompted: Bool = true, final: Bool = false,
                        afresh: Bool = false) throws -> (Transcript, Double) {
        let started = ContinuousClock.now
        let clockBefore = clock.now
        var options = DecodingOptions(language: settings.language, beamSize: beam,
                                      prompt: afresh ? nil : prompt(withNames: prompted && final),
                                      allowsFallback: afresh,  // see DecodingOptions
                                      audioContextMargin: final ? settings.finalAudioContextMargin : nil)
        options.isLivePass = !final
        if !final { options.cancellation = endOfAudio }
        let transcript: Transcript
        do {
            transcript = try recognizer.transcribe(samples, options: options)
        } catch let cancelled as PassCancelled {
            let spent = RealTimeClock.seconds(ContinuousClock.now - started)
            clock.charge(spent)
            busySeconds += spent
            throw cancelled
        }
        let measured = RealTimeClock.seconds(ContinuousClock.now - started)
        passLog?(String(format: "%@ pass over %.1f s of audio: %.2f s%@%@", final ? "final" : "live",
                        Double(samples.count) / rate, measured, afresh ? " (afresh, after a loop)" : "",
                        prompted || !final ? "" : " (unprompted)") + " «\(transcript.text)»")
        clock.charge(measured)
        busySeconds += measured
        // The pass's cost as the pipeline's clock counts it (real time, the audio clock's charge,
        // or the tests' steady cost): what the next pass's spacing is based on.
        let cost = clock.now - clockBefore
        var cleaned = transcript
        let said = transcript.text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        var kept = RepetitionTrimmer.keptWords(of: said)
        let loop = ShortLoop.keptWords(of: kept.map { said[$0] })
        lastPassLooped = loop.count < kept.count
        if lastPassLooped { kept = loop.map { kept[$0] } }
        if kept.count < said.count {
            cleaned.text = kept.map { said[$0] }.joined(separator: " ")
            // The kept words keep their times where the times line up with the text.
            cleaned.words = transcript.words.count == said.count ? kept.map { transcript.words[$0] } : []
        }
        return (dropRepeatedHead(cleaned), cost)
    }

    /// After a sentence was locked mid-utterance, passes start just before its last word; the
    /// longest run of 1–5 words at the head of a pass that repeats the locked tail is dropped
    /// (whisper_streaming's rule), so the overlap neither loses nor doubles a word.
    private func dropRepeatedHead(_ transcript: Transcript) -> Transcript {
        guard !lockedTail.isEmpty else { return transcript }
        let words = transcript.text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let tail = lockedTail.map(WordStabilizer.normalised)
        var drop = 0
        for n in stride(from: min(5, words.count, tail.count), through: 1, by: -1)
        where words.prefix(n).map(WordStabilizer.normalised) == Array(tail.suffix(n)) {
            drop = n
            break
        }
        guard drop > 0 else { return transcript }
        var trimmed = transcript
        trimmed.text = words.dropFirst(drop).joined(separator: " ")
        trimmed.words = transcript.words.count == words.count ? Array(transcript.words.dropFirst(drop)) : []
        return trimmed
    }

    private func audio(seconds start: Double, to end: Double) -> ArraySlice<Float> {
        let from = max(0, Int(start * rate) - bufferStart), to = min(buffer.count, Int(end * rate) - bufferStart)
        return from < to ? buffer[from..<to] : []
    }

    private func audio(from start: Int, to end: Int) -> [Float] {
        let from = max(0, start - bufferStart), to = min(buffer.count, end - bufferStart)
        return from < to ? Array(buffer[from..<to]) : []
    }

    /// Keeps the open utterance and enough before it for a lead-in; drops the rest.
    private func trimBuffer() {
        var keepFrom = cutter.openUtteranceStart
            ?? (pendingFrameStart - Int((settings.cutter.leadIn + settings.cutter.earlierOnset + 0.5) * rate))
        // An open line's earlier utterances are still needed: who said it is heard at its end.
        if let lineStart = carriedStart { keepFrom = min(keepFrom, Int(lineStart * rate) - Int(settings.cutter.leadIn * rate)) }
        let drop = keepFrom - bufferStart
        if drop > Int(rate) * 5 {
            buffer.removeFirst(drop)
            bufferStart += drop
        }
    }
}
