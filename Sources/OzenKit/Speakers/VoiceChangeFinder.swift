/// Finds where one person stops and another starts inside a stretch of speech with no pause
/// long enough to end the line (a quick answer, someone cutting in). The pyannote segmentation
/// model through sherpa-onnx's diarization is the real one (OzenEngines).
public protocol VoiceChangeFinder: AnyObject {
    /// Who spoke when inside `samples` (seconds from their start), each person numbered
    /// locally; one segment, or none, when a single voice speaks throughout.
    func segments(of samples: ArraySlice<Float>) throws -> [SpeechTurn]
}
