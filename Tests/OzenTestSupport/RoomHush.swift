import OzenKit

/// A room's hush for the tests: steady noise about 60 dB under full scale, the same on every
/// run, so a microphone is never digital silence and a take has a floor to rise out of.
public enum RoomHush {
    public static func samples(seconds: Double, seed: UInt32 = 12_345) -> [Float] {
        var state = seed
        return (0..<Int(seconds * Double(MonoAudio.speechRate))).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return (Float(state >> 16 & 0x7FFF) / 32_768 - 0.5) * 0.002
        }
    }
}
