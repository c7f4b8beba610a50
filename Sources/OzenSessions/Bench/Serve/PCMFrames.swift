import OzenKit

/// A recording as a phone sends it: 100 ms frames of PCM16 little-endian, 16 kHz mono.
struct PCMFrames {
    static let seconds = 0.1
    let frames: [[UInt8]]

    init(_ samples: [Float]) { frames = PCM16Frames.frames(samples, seconds: Self.seconds) }
}
