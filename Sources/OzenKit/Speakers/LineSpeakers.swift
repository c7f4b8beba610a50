import Foundation

/// Puts a speaker on every line of the live pipeline: a print of each finished line's audio
/// goes to the `SpeakerTracker`; a partial gets the tracker's guess from the utterance heard
/// so far (made once at 1 s of speech and again at 3 s, so it costs little).
///
/// A print that fails (the engine refused the audio) labels the line as the last speaker's
/// rather than stopping captions; `failures` counts them.
public final class LineSpeakers {
    let embedder: any SpeakerEmbedder
    /// Splits a line where the voice changes inside it; nil: lines are never split.
    let changeFinder: (any VoiceChangeFinder)?
    public private(set) var tracker: SpeakerTracker
    /// Seconds spent making prints: `ozen speakers eval` holds it under a tenth of real time.
    public private(set) var busySeconds = 0.0
    public private(set) var printsMade = 0
    public private(set) var failures = 0
    private var guessLine: Int?
    private var guessedFrom = 0
    private var guessed: String?
    private var lastSpeaker: String?
    /// The finder's stretches of one voice alone, in the line last split.
    private var lastSolo: [SpeechTurn] = []
    /// Each voice's print in the line last split (nil inside: too little speech alone).
    private var lastPrints: [String: VoicePrint?] = [:]
    /// Labels already decided for the parts of a split line, by line id.
    private var preset: [Int: SpeakerTracker.Assignment] = [:]

    /// Speech (s) after which a partial's speaker is guessed, and guessed again.
    static let guessAfter = [1.0, 3.0]

    /// Lines shorter than this (s) are not searched for a change of voice: two turns with no
    /// pause between them rarely fit in less.
    public static let shortestLineToSplit = 1.5
    /// A voice heard alone for less than this inside a split line joins the nearest known
    /// voice instead of opening a new one. On the simulated table the segmentation heard a
    /// second voice in the last 1.2 s of the first turn, and that piece became a sixth voice
    /// of five in every seed; refusing to split such lines at all cost the pyannote call's
    /// short turns (54–87 % of speech time right instead of 90–94 %). At 2.0 the call's second
    /// voice, alone for 1.5–2 s in its first line ("Hello, hello" and "need the"), had nobody
    /// else to be at the start of the call, so `make demo` put the first four lines on Speaker
    /// 1; at 1.5 they alternate as said, and `ozen speakers eval` gives the same tables either
    /// way (seeds 7, 3, 11: 100 / 100 / 93.8 % of lines right, 5 of 5 voices; the people
    /// table, seeds 3 and 1: 100 %, 5 of 5; its hardly-a-pause table, seed 2: 100 %, 5 of 5;
    /// 2026-12-03).
    public static let shortestPieceToOpenVoice = 1.5

    public init(embedder: any SpeakerEmbedder, changeFinder: (any VoiceChangeFinder)? = nil,
                people: KnownPeople? = nil, settings: SpeakerTracker.Settings = .default) {
        self.embedder = embedder
        self.changeFinder = changeFinder
        tracker = SpeakerTracker(people: people?.voices ?? [], settings: settings)
    }

    /// The speaker of a finished line, and corrections to recent lines.
    public func finished(lineID: Int, audio: ArraySlice<Float>) -> SpeakerTracker.Assignment {
        if let decided = preset.removeValue(forKey: lineID) {
            lastSpeaker = decided.speaker
            guessLine = nil
            return decided
        }
        let seconds = Double(audio.count) / Double(MonoAudio.speechRate)
        let made = print(audio)
        let assignment = tracker.label(lineID: lineID, print: made, seconds: seconds)
        lastSpeaker = assignment.speaker
        guessLine = nil
        return assignment
    }

    /// The guess for a partial of line `lineID` whose audio so far is `audio`.
    public func partial(lineID: Int, audio: ArraySlice<Float>) -> String {
        if guessLine != lineID {
            guessLine = lineID
            guessedFrom = 0
            guessed = nil
        }
        let seconds = Double(audio.count) / Double(MonoAudio.speechRate)
        if let due = Self.guessAfter.last(where: { seconds >= $0 }), Double(guessedFrom) < due * Double(MonoAudio.speechRate) {
            guessedFrom = audio.count
            guessed = tracker.guess(print(audio))
        }
        return guessed ?? lastSpeaker ?? tracker.guess(nil)
    }

    /// The line's words divided where the voice changes (`words` and `start` in seconds from
    /// the start of the recording; `audio` is the line's own; `seams` the pauses between its
    /// utterances). One part when nobody else spoke.
    public func parts(of words: [TimedWord], audio: ArraySlice<Float>, start: Double, seams: [LineSplit.Seam] = []) -> [LineSplit.Part] {
        let seconds = Double(audio.count) / Double(MonoAudio.speechRate)
        lastSolo = []
        guard let changeFinder, seconds >= Self.shortestLineToSplit, words.count >= 2 else { return [LineSplit.Part(voice: "", words: words)] }
        let started = ContinuousClock.now
        defer { busySeconds += RealTimeClock.seconds(ContinuousClock.now - started) }
        guard let segments = try? changeFinder.segments(of: audio) else {
            failures += 1
            return [LineSplit.Part(voice: "", words: words)]
        }
        var shifted = segments.map { SpeechTurn(speaker: $0.speaker, start: $0.start + start, end: $0.end + start) }
        lastSolo = SpeechTurn.solo(shifted)
        lastPrints = [:]
        // The segmentation sometimes hears two people in one voice (a table turn read by one
        // reader split in two): voices whose prints are alike, or too short to print, stay one.
        var voices: [String] = []
        for segment in shifted where !voices.contains(segment.speaker) { voices.append(segment.speaker) }
        guard voices.count > 1 else { return [LineSplit.Part(voice: voices.first ?? "", words: words)] }
        for voice in voices { lastPrints[voice] = print(soloAudio(of: voice, in: audio, start: start)[...]) }
        var same: [String: String] = [:]
        for (i, voice) in voices.enumerated() {
            guard let mine = lastPrints[voice] ?? nil else { same[voice] = voices[0]; continue }
            // The earlier voice it sounds most like, if alike enough.
            let alike = voices[..<i].compactMap { other in (lastPrints[other] ?? nil).map { (other, mine.similarity(to: $0)) } }
            if let (earlier, similarity) = alike.max(by: { $0.1 < $1.1 }), similarity >= Self.sameVoiceAbove {
                same[voice] = same[earlier] ?? earlier
            }
        }
        if !same.isEmpty {
            shifted = shifted.map { SpeechTurn(speaker: same[$0.speaker] ?? $0.speaker, start: $0.start, end: $0.end) }
            lastSolo = SpeechTurn.solo(shifted)
            for (gone, kept) in same where gone != kept { lastPrints[gone] = nil; lastPrints[kept] = nil }
        }
        return LineSplit.split(words, at: shifted, seams: seams)
    }

    /// Two voices inside one line whose prints are at least this alike are one person. The
    /// pyannote call's two people score 0.19–0.53 on stretches of 1.5–6 s; one reader's or
    /// one card reader's stretches 0.50–0.94.
    public static let sameVoiceAbove = 0.5

    private func soloAudio(of voice: String, in audio: ArraySlice<Float>, start: Double) -> [Float] {
        let rate = Double(MonoAudio.speechRate)
        var samples: [Float] = []
        for stretch in lastSolo where stretch.speaker == voice {
            let from = max(audio.startIndex, audio.startIndex + Int((stretch.start - start) * rate))
            let to = min(audio.endIndex, audio.startIndex + Int((stretch.end - start) * rate))
            if from < to { samples += audio[from..<to] }
        }
        return samples
    }

    /// Labels the parts of a line just split, before they are sent as lines `ids`: each voice
    /// gets one print from the stretches where it speaks alone (longer and cleaner than any
    /// one part), and two voices the finder told apart inside one line never share a label.
    public func labelParts(_ parts: [LineSplit.Part], ids: [Int], audio: ArraySlice<Float>, start: Double) {
        var voices: [String] = []
        for part in parts where !voices.contains(part.voice) { voices.append(part.voice) }
        let alone = Dictionary(grouping: lastSolo, by: \.speaker)
        func soloSeconds(_ voice: String) -> Double { (alone[voice] ?? []).reduce(0) { $0 + $1.end - $1.start } }
        var labels: [String: String] = [:]
        var corrections: [SpeakerTracker.Correction] = []
        // The voice heard longest first: its print is the surest.
        for voice in voices.sorted(by: { soloSeconds($0) > soloSeconds($1) }) {
            let id = ids[parts.firstIndex { $0.voice == voice }!]
            let known = lastPrints[voice] ?? nil
            let voicePrint = known ?? print(soloAudio(of: voice, in: audio, start: start)[...])
            let assignment = tracker.label(lineID: id, print: voicePrint, seconds: soloSeconds(voice),
                                           excluding: Set(labels.values),
                                           mayOpenVoice: soloSeconds(voice) >= Self.shortestPieceToOpenVoice || labels.isEmpty)
            labels[voice] = assignment.speaker
            corrections += assignment.corrections
        }
        for (i, (part, id)) in zip(parts, ids).enumerated() {
            preset[id] = SpeakerTracker.Assignment(speaker: labels[part.voice]!, corrections: i == parts.count - 1 ? corrections : [])
        }
    }

    private func print(_ audio: ArraySlice<Float>) -> VoicePrint? {
        let started = ContinuousClock.now
        defer {
            busySeconds += RealTimeClock.seconds(ContinuousClock.now - started)
        }
        do {
            let print = try embedder.voicePrint(of: audio)
            if print != nil { printsMade += 1 }
            return print
        } catch {
            failures += 1
            return nil
        }
    }
}
