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

    /// Speech (s) after which a partial's speaker is guessed, and guessed again.
    static let guessAfter = [1.0, 3.0]

    /// Lines shorter than this (s) are not searched for a change of voice: two turns with no
    /// pause between them rarely fit in less.
    public static let shortestLineToSplit = 2.0

    public init(embedder: any SpeakerEmbedder, changeFinder: (any VoiceChangeFinder)? = nil,
                people: KnownPeople? = nil, settings: SpeakerTracker.Settings = .default) {
        self.embedder = embedder
        self.changeFinder = changeFinder
        tracker = SpeakerTracker(people: people?.voices ?? [], settings: settings)
    }

    /// The speaker of a finished line, and corrections to recent lines.
    public func finished(lineID: Int, audio: ArraySlice<Float>) -> SpeakerTracker.Assignment {
        let seconds = Double(audio.count) / Double(MonoAudio.speechRate)
        let made = print(audio)
        if ProcessInfo.processInfo.environment["OZEN_SPEAKER_TRACE"] != nil, let made {
            let sims = tracker.similarities(made).map { String(format: "%@ %.2f", $0.0, $0.1) }.joined(separator: ", ")
            FileHandle.standardError.write(Data(String(format: "trace line %ld %.1fs: %@\n", lineID, seconds, sims).utf8))
        }
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
    /// the start of the recording; `audio` is the line's own). One part when nobody else spoke.
    public func parts(of words: [TimedWord], audio: ArraySlice<Float>, start: Double) -> [[TimedWord]] {
        let seconds = Double(audio.count) / Double(MonoAudio.speechRate)
        guard let changeFinder, seconds >= Self.shortestLineToSplit, words.count >= 2 else { return [words] }
        let started = ContinuousClock.now
        defer { busySeconds += RealTimeClock.seconds(ContinuousClock.now - started) }
        guard let segments = try? changeFinder.segments(of: audio) else {
            failures += 1
            return [words]
        }
        let shifted = segments.map { SpeechTurn(speaker: $0.speaker, start: $0.start + start, end: $0.end + start) }
        return LineSplit.split(words, at: shifted)
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
