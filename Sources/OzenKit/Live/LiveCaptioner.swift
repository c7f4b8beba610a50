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
/// It is the chain of stages (Live/Stages/) that each decide one thing, and their owner:
///
///     AudioWindow        the recent audio, sanitised, and how much of it is kept
///     VoiceFraming       frames of the classifier's length, voice or not → UtteranceCutter
///     LivePassTiming     whether a live pass is due → PassDecoder (PassPrompt, PassCleanup)
///     FinalInQuiet       a final pass run in the quiet before the utterance closes
///     FinalPassPolicy    which decode of a closed utterance becomes its words
///     SentenceLock       a finished sentence locked while its utterance goes on
///     OpenLine           line assembly: partials, held lines, finished lines
///     CaptionDecoration  speakers, paragraphs and gaps, and alerts on each event sent
///     LiveWordsList      her words list, read again when its file changes
///
/// Not thread-safe: one session drives it from one task.
public final class LiveCaptioner {
    public let settings: LiveSettings
    let classifier: any VoiceFrameClassifier
    let recognizer: any SpeechRecognizer
    let clock: any PipelineClock
    /// Who said each line; nil: lines carry no speaker.
    public let speakers: LineSpeakers?
    let rate = Double(MonoAudio.speechRate)

    private var audio = AudioWindow()
    private var framing: VoiceFraming
    private var cutter: UtteranceCutter
    private var timing: LivePassTiming
    private var quietFinal: FinalInQuiet
    private let decoder: PassDecoder
    private let gate: HallucinationGate
    private let finalPolicy: FinalPassPolicy
    private var line: OpenLine
    private var decoration: CaptionDecoration
    private var wordsList: LiveWordsList
    /// The pipeline clock when audio was last fed.
    private var lastFedAt: Double?

    /// The wall-clock time of the first sample, for the clock time a gap ends at.
    public var startedAt: Date {
        get { decoration.startedAt }
        set { decoration.startedAt = newValue }
    }
    public var sanitizer: SampleSanitizer { audio.sanitizer }
    /// Samples fed into the pipeline so far.
    public var fed: Int { audio.fed }
    /// Cancelled when the audio ends (she stopped the take, the client said `end`, a replay in
    /// real time reached its end): a live pass still running then is stopped, since the final
    /// pass that replaces its words waits behind it. nil: live passes always run to their end.
    public var endOfAudio: PassCancellation? {
        get { decoder.endOfAudio }
        set { decoder.endOfAudio = newValue }
    }
    /// Told of every pass and what it cost, for `ozen bench accuracy --passes`.
    public var passLog: ((String) -> Void)? {
        get { decoder.passLog }
        set { decoder.passLog = newValue }
    }
    /// Passes run, for diagnostics and benchmarks.
    public private(set) var livePassCount = 0
    public private(set) var finalPassCount = 0
    public private(set) var droppedByGate = 0
    public var linesEmitted: Int { line.linesEmitted }
    /// Seconds spent in recognizer passes (the pipeline's busy time).
    public var busySeconds: Double { decoder.busySeconds }
    /// Seconds each final pass took, in order (re-decodes of one utterance each count).
    public var finalPassSeconds: [Double] { decoder.finalPassSeconds }

    public init(classifier: any VoiceFrameClassifier, recognizer: any SpeechRecognizer,
                settings: LiveSettings, clock: any PipelineClock, speakers: LineSpeakers? = nil) {
        self.classifier = classifier
        self.speakers = speakers
        self.recognizer = recognizer
        self.settings = settings
        self.clock = clock
        self.framing = VoiceFraming(classifier: classifier)
        self.cutter = UtteranceCutter(settings: settings.cutter)
        self.timing = LivePassTiming(settings: settings)
        self.quietFinal = FinalInQuiet(settings: settings)
        self.decoder = PassDecoder(recognizer: recognizer, clock: clock, settings: settings)
        self.gate = HallucinationGate(settings: settings.gate)
        self.finalPolicy = FinalPassPolicy(settings: settings, gate: gate, decoder: decoder)
        self.line = OpenLine(settings: settings)
        self.decoration = CaptionDecoration(settings: settings, speakers: speakers, clock: clock)
        self.wordsList = LiveWordsList(path: settings.wordsListPath, recognizer: recognizer)
    }

    /// When an event is written, on the pipeline's clock: in real time the wall clock since the
    /// start (what a listener saw, pass costs included), in a replay the audio plus the charged
    /// costs. Never earlier than the audio fed so far.
    var at: Double { max(clock.now, Double(fed) / rate) }
    /// Seconds of audio fed so far (the stream's position, which listeners' times are in).
    public var fedSeconds: Double { Double(fed) / rate }

    /// Takes the next stretch of 16 kHz mono audio; may run final passes for utterances it closes.
    public func feed(_ chunk: [Float], emit: (CaptionEvent) -> Void) throws {
        audio.append(chunk)
        while framing.hasFrame(in: audio) {
            // On the audio's own time, frame by frame: audio that queued during a pass can hold
            // the pause and the next voice at once.
            closeHeldLineIfPaused(silenceSinceFed: 0, emit: emit)
            let frame = framing.hearNext(in: audio)
            let events = cutter.frame(start: frame.start, length: frame.length, isVoice: frame.isVoice, energy: frame.energy)
            for event in events { try handle(event, emit: emit) }
        }
        closeHeldLineIfPaused(silenceSinceFed: 0, emit: emit)
        audio.dropUnneeded(openUtteranceStart: cutter.openUtteranceStart, heardThrough: framing.heardThrough,
                           lineStart: line.carriedStart, cutter: settings.cutter)
        lastFedAt = clock.now
    }

    /// Seconds without any audio after which the open utterance and line are finished: twice the
    /// line pause, and well over the 0.1 s pieces a microphone or the protocol's clients send.
    static let audioStoppedAfter = 1.5

    /// Locks the held line once its speaker's pause is over (`OpenLine.pauseEnds`).
    private func closeHeldLineIfPaused(silenceSinceFed: Double, emit: (CaptionEvent) -> Void) {
        guard line.pauseEnds(heardThrough: framing.heardThrough, silenceSinceFed: silenceSinceFed,
                             utteranceOpen: cutter.isOpen) else { return }
        closeHeldLine(emit: emit)
    }

    private func closeHeldLine(emit: (CaptionEvent) -> Void) {
        send(line.closeHeld(speakers: speakers, audio: audio), emit: emit)
    }

    /// Runs a live pass on the open utterance if one is due now; otherwise does nothing.
    public func livePassIfDue(emit: (CaptionEvent) -> Void) throws {
        if let fedAt = lastFedAt {
            // A microphone that stops sending must not hold the last line back: the time since
            // audio last came counts as silence.
            closeHeldLineIfPaused(silenceSinceFed: clock.now - fedAt, emit: emit)
            // No audio at all for a while (a stalled microphone, a client that stopped sending):
            // what was being said has ended; its final pass runs now rather than when audio returns.
            if clock.now - fedAt >= Self.audioStoppedAfter, cutter.isOpen || line.isHeld {
                for event in cutter.finish(at: fed) { try handle(event, emit: emit) }
                closeHeldLine(emit: emit)
            }
        }
        if try finalPassInQuiet() { return }
        guard let start = timing.dueStart(cutter: cutter, now: clock.now, fed: fed, heardThrough: framing.heardThrough) else { return }
        let samples = audio.samples(from: start, to: fed)
        let prompt = passPrompt()
        // Live passes go without the names list: on the pyannote call, under load, a prompted
        // live pass looped "New Jersey, New Jersey, …" and the words it displaced were lost.
        let pass: PassDecoder.Pass
        do {
            pass = try decoder.decode(samples, beam: settings.liveBeamSize, prompt: prompt, prompted: false)
        } catch is PassShed {
            // A shared recognizer had no room (other streams' finals): try again a gap later.
            timing.passSkipped(at: clock.now)
            return
        } catch is PassCancelled {
            // The audio ended while it ran (the final pass comes next), or a shared recognizer
            // needed its place for another stream's final: try again a gap later.
            passLog?("live pass cancelled")
            timing.passSkipped(at: clock.now)
            return
        }
        livePassCount += 1
        timing.passRan(cost: pass.cost, endedAt: clock.now, audioEnd: fed)
        let transcript = pass.transcript
        guard gate.judge(transcript, prompt: prompt.withNames, audioLevel: AudioLevel(measuring: samples),
                         modulation: BandModulation(measuring: samples), wordsList: wordsList.list) == .keep else {
            droppedByGate += 1
            return
        }
        line.stabilizer.update(with: transcript.text)
        let voiceStart = Double(cutter.openVoiceStart ?? start) / rate
        if !pass.repeated, lockFinishedSentence(transcript, utteranceStart: start, voiceStart: voiceStart, emit: emit) { return }
        guard let partial = line.livePartial(transcript, voiceStart: voiceStart, end: Double(fed) / rate) else { return }
        send(partial: partial, emit: emit)
    }

    /// Runs the open utterance's final pass in the quiet after its voice (`FinalInQuiet`);
    /// whether it ran.
    private func finalPassInQuiet() throws -> Bool {
        guard let due = quietFinal.due(cutter: cutter, heardThrough: framing.heardThrough, fed: fed) else { return false }
        let pass = try decoder.decode(audio.samples(from: due.start, to: due.end), beam: settings.finalBeamSize,
                                      prompt: passPrompt(), final: true)
        quietFinal.ran(pass, start: due.start, voiceEnd: cutter.lastVoiceEndSample)
        return true
    }

    /// Locks a finished sentence of the open utterance as a line (`SentenceLock`); whether it did.
    private func lockFinishedSentence(_ transcript: Transcript, utteranceStart: Int, voiceStart: Double,
                                      emit: (CaptionEvent) -> Void) -> Bool {
        let settled = line.stabilizer.settled, shown = line.stabilizer.shown
        guard let lock = SentenceLock(in: transcript, settled: settled, shown: shown, utteranceStart: utteranceStart,
                                      fed: fed, settings: settings) else { return false }
        if let c = transcript.confidence { line.addConfidence(c) }
        line.addSegments(transcript.segments)
        let rest = Array(shown[(lock.last + 1)...])
        let sentence = line.carried + settled[...lock.last]
        let start = line.carriedStart ?? voiceStart
        let timed = line.timedWords(transcript.words[...lock.last], from: utteranceStart)
        send(line.finish(sentence, start: start, end: Double(lock.endSample) / rate, language: transcript.language,
                         timed: timed, speakers: speakers, audio: audio), emit: emit)
        decoder.cleanup.lockedTail = Array(sentence.suffix(5))
        cutter.advance(to: lock.resumeSample)
        // The words after the sentence are the comparison base for the next pass.
        line.stabilizer.update(with: rest.joined(separator: " "))
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
            wordsList.refresh()
            line.stabilizer = WordStabilizer()
            timing.utteranceOpened(at: start)
            decoder.cleanup.lockedTail = []
        case .discarded:
            line.stabilizer = WordStabilizer()
        case .closed(let utterance):
            try finalPass(utterance, emit: emit)
        }
    }

    private func finalPass(_ utterance: UtteranceCutter.Utterance, emit: (CaptionEvent) -> Void) throws {
        let samples = audio.samples(from: utterance.start, to: utterance.end)
        let prompt = passPrompt()
        // Run in the quiet after the voice, on the same audio once the quiet reached the tail.
        let first = try quietFinal.pass(for: utterance)
            ?? decoder.decode(samples, beam: settings.finalBeamSize, prompt: prompt, final: true)
        quietFinal.forget()
        finalPassCount += 1
        let outcome = try finalPolicy.settle(utterance, samples: samples, first: first, heard: line.stabilizer.shown,
                                           prompt: prompt, words: wordsList)
        if !outcome.kept { droppedByGate += 1 }
        let heardThrough = framing.heardThrough, utteranceOpen = cutter.isOpen
        let output = line.takeFinal(outcome, of: utterance, heardThrough: heardThrough, utteranceOpen: utteranceOpen,
                                    speakers: speakers, audio: audio)
        send(output.lines, emit: emit)
        if let partial = output.partial { send(partial: partial, emit: emit) }
        if let sample = output.reopenFrom { cutter.reopen(from: sample) }
    }

    // MARK: - Out

    private func send(_ lines: [CaptionLine], emit: (CaptionEvent) -> Void) {
        for finished in lines { decoration.send(.line(finished, at: at), audio: audio, at: { at }, emit: emit) }
    }

    private func send(partial: CaptionLine, emit: (CaptionEvent) -> Void) {
        decoration.send(.partial(partial, at: at), audio: audio, at: { at }, emit: emit)
    }

    /// What the next pass is primed with, from the open line and her words list.
    private func passPrompt() -> PassPrompt {
        PassPrompt(line: line.carried, conversation: line.lockedContext, names: wordsList.namesPrompt, settings: settings)
    }

    /// A words list given by the client (the home protocol's `vocabulary`), which replaces the
    /// file's list from the next utterance on; nil goes back to the file.
    public func useVocabulary(_ terms: [String]?) {
        wordsList.use(terms)
    }

    /// Whether a word closes a sentence (`SentenceEnd`).
    static func endsSentence(_ word: String) -> Bool { SentenceEnd.endsSentence(word) }
}
