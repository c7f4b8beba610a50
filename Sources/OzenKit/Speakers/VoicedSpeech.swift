/// The voiced part of a recording: windows the voice detector marks as speech, with a little
/// around each run, joined. An enrolment recording's pauses and room noise would otherwise
/// pull its print away from the voice.
public enum VoicedSpeech {
    /// Windows kept on each side of a voiced run (3 × 32 ms), so word edges are not clipped.
    static let padding = 3

    public static func extract(_ samples: [Float], classifier: any VoiceFrameClassifier) -> [Float] {
        let length = classifier.frameLength
        var voiced: [Bool] = []
        var start = 0
        while start + length <= samples.count {
            voiced.append(classifier.isVoice(samples[start..<start + length]))
            start += length
        }
        var keep = voiced
        for (i, v) in voiced.enumerated() where v {
            for j in max(0, i - padding)...min(voiced.count - 1, i + padding) { keep[j] = true }
        }
        var out: [Float] = []
        for (i, k) in keep.enumerated() where k { out += samples[i * length..<(i + 1) * length] }
        return out
    }
}
