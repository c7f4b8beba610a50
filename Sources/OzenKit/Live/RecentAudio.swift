/// The recent stretch of a stream's 16 kHz audio that a follower of the pipeline keeps for
/// itself (the interpreter's sentences, the corrector's lines), cut to a stretch by seconds.
/// It keeps `seconds` of audio, trimmed 10 s at a time, and starts over when a piece does not
/// follow the last one (the stream started again).
struct RecentAudio {
    let seconds: Double
    private let rate = Double(MonoAudio.speechRate)
    private var samples: [Float] = []
    private var start = 0

    init(seconds: Double) { self.seconds = seconds }

    /// Adds `piece`, which starts at `startSeconds` of the stream.
    mutating func append(_ piece: [Float], startSeconds: Double) {
        let first = Int((startSeconds * rate).rounded())
        if samples.isEmpty || first != start + samples.count {
            samples = []
            start = first
        }
        samples += piece
        let excess = samples.count - Int(seconds * rate)
        if excess > Int(rate) * 10 {
            samples.removeFirst(excess)
            start += excess
        }
    }

    /// The audio from `from` to `to` seconds, as much of it as is still kept.
    func stretch(from: Double, to: Double) -> [Float] {
        let lower = max(0, Int(from * rate) - start), upper = min(samples.count, Int(to * rate) - start)
        return lower < upper ? Array(samples[lower..<upper]) : []
    }
}
