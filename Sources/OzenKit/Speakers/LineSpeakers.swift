import Foundation

/// Puts a speaker on every line of the live pipeline: a print of each finished line's audio
/// goes to the `SpeakerTracker`; a partial gets the tracker's guess from the utterance heard
/// so far (made once at 1 s of speech and again at 3 s, so it costs little).
///
/// A print that fails (the engine refused the audio) labels the line as the last speaker's
/// rather than stopping captions; `failures` counts them.
public final class LineSpeakers {
    let embedder: any SpeakerEmbedder
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

    public init(embedder: any SpeakerEmbedder, people: KnownPeople? = nil, settings: SpeakerTracker.Settings = .default) {
        self.embedder = embedder
        tracker = SpeakerTracker(people: people?.voices ?? [], settings: settings)
    }

    /// The speaker of a finished line, and corrections to recent lines.
    public func finished(lineID: Int, audio: ArraySlice<Float>) -> SpeakerTracker.Assignment {
        let seconds = Double(audio.count) / Double(MonoAudio.speechRate)
        let assignment = tracker.label(lineID: lineID, print: print(audio), seconds: seconds)
        lastSpeaker = assignment.speaker
        guessLine = nil
        return assignment
    }

    /// The guess for a partial of line `lineID` whose audio so far is `audio`.
    public func partial(lineID: Int, audio: ArraySlice<Float>) -> String? {
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
        return guessed ?? lastSpeaker
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
