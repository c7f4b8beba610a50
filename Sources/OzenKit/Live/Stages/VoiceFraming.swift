/// Framing: cuts the fed audio into the voice classifier's windows (512 samples, 32 ms, for
/// Silero) on the audio's own time, and hears in each whether someone speaks and how loud it
/// is (its mean square, the energy `UtteranceCutter` looks for quiet points and onsets with).
struct VoiceFraming {
    let classifier: any VoiceFrameClassifier
    /// Where the next frame begins (a sample): the audio before it has been heard.
    private(set) var heardThrough = 0

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
        return heard
    }
}
