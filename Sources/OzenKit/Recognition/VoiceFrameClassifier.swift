/// Says, 32 ms at a time, whether a window of 16 kHz audio holds a voice. Silero through
/// sherpa-onnx is the real one (OzenEngines); the utterance policy built on it lives in
/// `UtteranceCutter`, so the numbers that decide when a line ends are ours and tested here.
public protocol VoiceFrameClassifier: AnyObject {
    /// Samples per window (512 for Silero at 16 kHz).
    var frameLength: Int { get }
    func isVoice(_ frame: ArraySlice<Float>) -> Bool
    /// Forgets the audio heard so far: a new stream starts from silence. A classifier with
    /// memory (Silero's recurrent state) kept across dictation takes in a row judged the next
    /// take's first words by the last one's end.
    func reset()
}
