/// Line assembly: the line being said, built from the final words of its utterances and the
/// words the live passes hear of the open one; shown as partials while it grows, and sent as
/// finished lines. A line whose utterance ended in a breath is held until its speaker has
/// been silent for the line pause (`LiveSettings.linePause`); with speakers on, a line in
/// which the voice changes is sent as one line per voice.
///
/// It hands back the lines to send; `LiveCaptioner` sends them.
struct OpenLine {
    let settings: LiveSettings
    let rate = Double(MonoAudio.speechRate)
    /// The open utterance's words as the live passes settle them.
    var stabilizer = WordStabilizer()
    /// Words of the current line already final from earlier parts of a long utterance.
    private(set) var carried: [String] = []
    private(set) var carriedStart: Double?
    private var carriedConfidences: [Double] = []
    /// The pieces of the final passes behind the line so far (`CaptionLine.segments`).
    private var carriedSegments: [PassSegment] = []
    /// The carried words with their times (seconds from the recording's start), so a long
    /// utterance in which the voice changes can still be split; nil when some carried words
    /// have no times (they came from live passes).
    private var carriedTimed: [TimedWord]? = []
    /// The pauses between the open line's utterances, where a change of voice is snapped to.
    private var lineSeams: [LineSplit.Seam] = []
    /// Where the voice of a line's last utterance ended (a sample), while the line waits to see
    /// whether its speaker goes on (`LiveSettings.linePause`); nil when no line is held.
    private(set) var heldLineEnd: Int?
    private var carriedLanguage: String?
    /// The end of the conversation's locked text, the final pass's context (as Whisper offline
    /// gives each window the text before it).
    private(set) var lockedContext = ""
    private var nextLineID = 1
    private var currentLineID: Int?
    private var partialShown = false
    /// Lines finished so far.
    private(set) var linesEmitted = 0

    init(settings: LiveSettings) { self.settings = settings }

    /// What a step of assembly sends: finished lines, or the open line as a partial; and
    /// where the open utterance starts again (`UtteranceCutter.reopen`), if it does.
    struct Output {
        var lines: [CaptionLine] = []
        var partial: CaptionLine?
        var reopenFrom: Int?
    }

    var isHeld: Bool { heldLineEnd != nil }

    /// A held line locks once its speaker has been silent for the line pause: the silence in
    /// the audio heard (up to `heardThrough`, a sample), plus `silenceSinceFed` seconds in
    /// which no audio came at all. Never while an utterance is open.
    func pauseEnds(heardThrough: Int, silenceSinceFed: Double, utteranceOpen: Bool) -> Bool {
        guard let end = heldLineEnd, !utteranceOpen,
              Double(heardThrough - end) / rate + silenceSinceFed >= settings.linePause else { return false }
        return true
    }

    /// Finishes the held line, if there is one.
    mutating func closeHeld(speakers: LineSpeakers?, audio: AudioWindow) -> [CaptionLine] {
        guard let end = heldLineEnd else { return [] }
        return finish(carried, start: carriedStart ?? Double(end) / rate, end: Double(end) / rate,
                      language: carriedLanguage ?? settings.language.rawValue, timed: carriedTimed,
                      speakers: speakers, audio: audio)
    }

    /// The open line after a live pass: its final words, then what the live passes show of the
    /// open utterance (whose voice began at `voiceStart`, in seconds) up to `end`.
    mutating func livePartial(_ transcript: Transcript, voiceStart: Double, end: Double) -> CaptionLine? {
        let words = carried + stabilizer.shown
        guard !words.isEmpty else { return nil }
        let id = lineID()
        partialShown = true
        var partial = CaptionLine(id: id, text: words.joined(separator: " "),
                                  start: carriedStart ?? voiceStart, end: end,
                                  final: false, confidence: transcript.confidence,
                                  uncertain: (transcript.confidence ?? 1) < settings.uncertainBelow,
                                  language: transcript.language,
                                  settledWords: carried.count + stabilizer.settled.count)
        partial.segments = transcript.segments
        return partial
    }

    /// The open line's final words so far as a partial, every word settled.
    mutating func carriedPartial(start: Double, end: Double, transcript: Transcript) -> CaptionLine {
        partialShown = true
        var partial = CaptionLine(id: lineID(), text: carried.joined(separator: " "), start: start, end: end, final: false,
                                  confidence: transcript.confidence, uncertain: false,
                                  language: transcript.language, settledWords: carried.count)
        partial.segments = carriedSegments
        return partial
    }

    /// What a closed utterance's final words do to the line: a breath holds the line (it
    /// locks after the line pause, so a speaker who goes on stays on one line), an utterance
    /// cut by length ends the line at its last finished sentence, anything else ends it.
    /// `heardThrough` and `utteranceOpen` are framing's and the cutter's state, for a held line
    /// whose pause is over.
    mutating func takeFinal(_ outcome: FinalPassPolicy.Outcome, of utterance: UtteranceCutter.Utterance, heardThrough: Int,
                            utteranceOpen: Bool, speakers: LineSpeakers?, audio: AudioWindow) -> Output {
        let transcript = outcome.transcript, words = outcome.words
        let start = carriedStart ?? Double(utterance.voiceStart) / rate
        if let c = transcript.confidence, !words.isEmpty { addConfidence(c) }
        addSegments(transcript.segments)
        if let held = heldLineEnd, !carried.isEmpty, !words.isEmpty {
            lineSeams.append(LineSplit.Seam(wordIndex: carried.count, time: (Double(held) + Double(utterance.voiceStart)) / 2 / rate))
        }

        if utterance.endedBy == .length {
            // A long utterance cut by length: the line ends at its last finished sentence and the
            // words after it are decoded again together with what follows, so no sentence is split.
            if outcome.kept, !outcome.fromLivePasses, !outcome.repeated, let last = SentenceEnd.lastSentenceEnd(in: transcript.words) {
                let endSample = utterance.start + Int(transcript.words[last].end * rate)
                if endSample > utterance.start && endSample < utterance.end {
                    let lines = finish(carried + transcript.words[...last].map(\.text), start: start,
                                       end: Double(endSample) / rate, language: transcript.language,
                                       timed: timedWords(transcript.words[...last], from: utterance.start),
                                       speakers: speakers, audio: audio)
                    return Output(lines: lines, reopenFrom: endSample)
                }
            }
            // No sentence ends inside it: its words stay, and the line goes on with the next part.
            carried += words
            if !words.isEmpty {
                carriedTimed = outcome.kept && !outcome.fromLivePasses && transcript.words.count == words.count
                    ? timedWords(transcript.words[...], from: utterance.start) : nil
            }
            carriedStart = start
            stabilizer = WordStabilizer()
            guard !carried.isEmpty else { return Output() }
            return Output(partial: carriedPartial(start: start, end: Double(utterance.end) / rate, transcript: transcript))
        }
        let timed = !outcome.fromLivePasses && transcript.words.count == words.count
            ? timedWords(transcript.words[...], from: utterance.start) : nil
        if utterance.endedBy == .pause, settings.linePause > settings.cutter.pauseToClose {
            // A breath, or the end of a turn: the words are final now, and the line waits for the
            // line pause before it locks, so a speaker who goes on stays on one line.
            guard !words.isEmpty || !carried.isEmpty else {
                return Output(lines: finish([], start: start, end: Double(utterance.voiceEnd) / rate, language: transcript.language,
                                            speakers: speakers, audio: audio))
            }
            // Nothing heard (noise the gate dropped) does not keep the line open.
            guard !words.isEmpty else {
                guard pauseEnds(heardThrough: heardThrough, silenceSinceFed: 0, utteranceOpen: utteranceOpen) else { return Output() }
                return Output(lines: closeHeld(speakers: speakers, audio: audio))
            }
            carried += words
            carriedTimed = timed
            carriedStart = start
            carriedLanguage = transcript.language
            heldLineEnd = utterance.voiceEnd
            stabilizer = WordStabilizer()
            return Output(partial: carriedPartial(start: start, end: Double(utterance.voiceEnd) / rate, transcript: transcript))
        }
        return Output(lines: finish(carried + words, start: start, end: Double(utterance.voiceEnd) / rate,
                                    language: transcript.language, timed: timed, speakers: speakers, audio: audio))
    }

    /// A pass's confidence counts towards the line's.
    mutating func addConfidence(_ confidence: Double) {
        carriedConfidences.append(confidence)
    }

    /// A final pass's pieces belong to the line it adds to (even a pass that added nothing:
    /// its measures say why).
    mutating func addSegments(_ segments: [PassSegment]) {
        carriedSegments += segments
    }

    /// The finished line (or, if partials were shown and nothing survived, an empty line
    /// that tells the display to remove them); then starts afresh.
    ///
    /// With `timed` words (seconds from the recording's start) and speakers on, a line in which
    /// the voice changes is sent as one line per voice: the first keeps the partial's id.
    mutating func finish(_ words: [String], start: Double, end: Double, language: String,
                         timed: [TimedWord]? = nil, speakers: LineSpeakers?, audio: AudioWindow) -> [CaptionLine] {
        if !words.isEmpty {
            linesEmitted += 1
            lockedContext = String((lockedContext + " " + words.joined(separator: " ")).suffix(settings.promptCharacters))
        }
        guard !words.isEmpty || partialShown else {
            startAfresh()
            return []
        }
        var parts = [(words, start, end)]
        var ids = [lineID()]
        if let speakers, let timed, timed.count == words.count {
            let lineAudio = audio.samples(seconds: start, to: end)
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
        var lines: [CaptionLine] = []
        for ((partWords, partStart, partEnd), id) in zip(parts, ids) {
            var line = CaptionLine(id: id, text: partWords.joined(separator: " "), start: partStart,
                                   end: partEnd, final: true, confidence: confidence,
                                   uncertain: (confidence ?? 1) < settings.uncertainBelow,
                                   language: language)
            line.segments = carriedSegments
            lines.append(line)
        }
        startAfresh()
        return lines
    }

    /// Starts afresh after a line.
    private mutating func startAfresh() {
        currentLineID = nil
        partialShown = false
        carried = []
        carriedStart = nil
        carriedConfidences = []
        carriedSegments = []
        carriedTimed = []
        lineSeams = []
        heldLineEnd = nil
        carriedLanguage = nil
        stabilizer = WordStabilizer()
    }

    /// The carried words' times followed by `words` (times from `utteranceStart`, a sample),
    /// in seconds from the recording's start; nil when the carried words have none.
    func timedWords(_ words: ArraySlice<TimedWord>, from utteranceStart: Int) -> [TimedWord]? {
        carriedTimed.map { $0 + words.map { Self.shifted($0, by: Double(utteranceStart) / rate) } }
    }

    static func shifted(_ word: TimedWord, by seconds: Double) -> TimedWord {
        TimedWord(text: word.text, start: word.start + seconds, end: word.end + seconds)
    }

    private mutating func lineID() -> Int {
        if let id = currentLineID { return id }
        defer { nextLineID += 1 }
        currentLineID = nextLineID
        return nextLineID
    }
}
