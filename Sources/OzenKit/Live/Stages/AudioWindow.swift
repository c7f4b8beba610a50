/// The audio of the recent past, sanitised, and how much of it is kept: the open utterance,
/// the open line's earlier utterances, and enough before them for a lead-in.
///
/// Positions are samples from the start of the stream, at 16 kHz.
struct AudioWindow {
    static let rate = Double(MonoAudio.speechRate)
    private(set) var sanitizer = SampleSanitizer()
    /// Audio of the recent past; `bufferStart` is the sample index of `buffer[0]`.
    private var buffer: [Float] = []
    private var bufferStart = 0
    /// Samples fed into the pipeline so far.
    private(set) var fed = 0

    /// Takes the next stretch of audio.
    mutating func append(_ chunk: [Float]) {
        buffer += sanitizer.clean(chunk)
        fed += chunk.count
    }

    /// `length` samples from `start`, which must still be held.
    func frame(from start: Int, length: Int) -> ArraySlice<Float> {
        let from = start - bufferStart
        return buffer[from..<from + length]
    }

    /// The audio from `start` to `end` seconds, as far as it is held.
    func samples(seconds start: Double, to end: Double) -> ArraySlice<Float> {
        let rate = Self.rate
        let from = max(0, Int(start * rate) - bufferStart), to = min(buffer.count, Int(end * rate) - bufferStart)
        return from < to ? buffer[from..<to] : []
    }

    /// The audio from sample `start` to sample `end`, as far as it is held.
    func samples(from start: Int, to end: Int) -> [Float] {
        let from = max(0, start - bufferStart), to = min(buffer.count, end - bufferStart)
        return from < to ? Array(buffer[from..<to]) : []
    }

    /// Keeps the open utterance and enough before it for a lead-in; drops the rest.
    /// `heardThrough` is where voice framing has got to; `lineStart` (seconds) the start of an
    /// open line, whose earlier utterances are still needed: who said it is heard at its end.
    mutating func dropUnneeded(openUtteranceStart: Int?, heardThrough: Int, lineStart: Double?,
                               cutter: UtteranceCutter.Settings) {
        let rate = Self.rate
        var keepFrom = openUtteranceStart
            ?? (heardThrough - Int((cutter.leadIn + cutter.earlierOnset + 0.5) * rate))
        if let lineStart { keepFrom = min(keepFrom, Int(lineStart * rate) - Int(cutter.leadIn * rate)) }
        let drop = keepFrom - bufferStart
        if drop > Int(rate) * 5 {
            buffer.removeFirst(drop)
            bufferStart += drop
        }
    }
}
