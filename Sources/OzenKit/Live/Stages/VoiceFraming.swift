/// Framing: cuts the fed audio into the voice classifier's windows (512 samples, 32 ms, for
/// Silero) on the audio's own time, and hears in each whether someone speaks and how loud it
/// is (its mean square, the energy `UtteranceCutter` looks for quiet points and onsets with).
struct VoiceFraming {
    let classifier: any VoiceFrameClassifier
    /// Where the next frame begins (a sample): the audio before it has been heard.
    private(set) var heardThrough = 0
    /// Frames without voice in a row.
    private var quietFrames = 0
    /// After this many frames without voice in a row (31 × 32 ms ≈ 1 s) the classifier starts
    /// afresh, as it does at the start of a recording. Silero carries a state from window to
    /// window, and after half a minute of one voice on a telephone line it did not hear the
    /// next person, who spoke more quietly in another room, for ten seconds: on the held-out
    /// table (`ozen bench accuracy --held-out`) the aligner's author after Asterisk's Allison
    /// lost "So this is the sick corpus, I have a cold…" whole, a sentence the same pipeline
    /// captions from the start when his recording plays alone. Chosen on the tables the other
    /// numbers were chosen on, where it changed no word: the clean tables and the call kept
    /// 13 of 342 and 16 of 182 words wrong with it, as without; after 1.5 s of quiet instead,
    /// the call lost 2 more (`ozen bench accuracy --table --file-only`, 2026-12-06). After
    /// 0.5 s it also cut voices inside a sentence on the held-out table.
    static let freshStateAfter = 31

    struct Frame {
        var start: Int
        var length: Int
        var isVoice: Bool
        /// The frame's mean square.
        var energy: Float
    }

    init(classifier: any VoiceFrameClassifier) {
        self.classifier = classifier
        // A classifier kept loaded between takes (dictation's service, the benches) begins each
        // pipeline from silence: with Silero's state from the take before, LibriVox -0880
        // dictated after -0870 came out "ill-sposed" (12.5 % WER; 0 % alone).
        classifier.reset()
    }

    /// Whether a whole frame has been fed that is not heard yet.
    func hasFrame(in audio: AudioWindow) -> Bool {
        heardThrough + classifier.frameLength <= audio.fed
    }

    /// Hears the next frame (call only when `hasFrame`).
    mutating func hearNext(in audio: AudioWindow) -> Frame {
        let length = classifier.frameLength
        let frame = audio.frame(from: heardThrough, length: length)
        let energy = frame.reduce(Float(0)) { $0 + $1 * $1 } / Float(length)
        let heard = Frame(start: heardThrough, length: length, isVoice: classifier.isVoice(frame), energy: energy)
        heardThrough += length
        quietFrames = heard.isVoice ? 0 : quietFrames + 1
        if quietFrames == Self.freshStateAfter { classifier.reset() }
        return heard
    }
}
