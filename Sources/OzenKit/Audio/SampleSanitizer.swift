/// Input hygiene before anything hears the audio: samples that are not numbers (NaN, ±Inf),
/// float samples beyond ±1 and bursts of full-scale clipping become silence, and are counted
/// so diagnostics can say what a microphone or file did.
///
/// A clipping burst is 32 or more consecutive samples (2 ms at 16 kHz) at ±0.999 or beyond:
/// real speech through a working microphone touches full scale for a sample or two at most,
/// while a cable fault or a driver glitch pins it for whole buffers, and Whisper turns that
/// square-wave noise into invented words. A burst is judged within one piece of audio: one
/// split across two pieces of under 32 samples each passes (pieces are 100 ms, so it is rare).
public struct SampleSanitizer: Sendable {
    public struct Counts: Sendable, Equatable {
        public var notNumbers = 0
        public var outOfRange = 0
        public var clipped = 0
        public var total: Int { notNumbers + outOfRange + clipped }
        public init() {}
    }

    public static let clippingLevel: Float = 0.999
    public static let clippingRun = 32

    public private(set) var counts = Counts()

    public init() {}

    public mutating func clean(_ input: [Float]) -> [Float] {
        var out = input
        var runStart = -1
        func endRun(at end: Int) {
            if runStart >= 0, end - runStart >= Self.clippingRun {
                for i in runStart..<end { out[i] = 0 }
                counts.clipped += end - runStart
            }
            runStart = -1
        }
        for i in out.indices {
            let x = out[i]
            if !x.isFinite {
                out[i] = 0
                counts.notNumbers += 1
                endRun(at: i)
            } else if abs(x) > 1 {
                out[i] = 0
                counts.outOfRange += 1
                endRun(at: i)
            } else if abs(x) >= Self.clippingLevel {
                if runStart < 0 { runStart = i }
            } else {
                endRun(at: i)
            }
        }
        endRun(at: out.count)
        return out
    }
}
