/// Audio as the home protocol carries it: binary frames of signed 16-bit little-endian
/// samples, 16 kHz mono. A frame may end in the middle of a sample; the odd byte waits for the
/// next frame, so nothing is lost however a client cuts its frames.
public struct PCM16Stream: Sendable {
    private var leftover: UInt8?
    public init() {}

    public mutating func samples(from bytes: [UInt8]) -> [Float] {
        var bytes = bytes[...]
        var out: [Float] = []
        out.reserveCapacity((bytes.count + 1) / 2)
        if let low = leftover, let high = bytes.first {
            out.append(Self.sample(low, high))
            bytes = bytes.dropFirst()
            leftover = nil
        }
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            out.append(Self.sample(bytes[index], bytes[index + 1]))
            index += 2
        }
        if index < bytes.endIndex { leftover = bytes[index] }
        return out
    }

    static func sample(_ low: UInt8, _ high: UInt8) -> Float {
        Float(Int16(bitPattern: UInt16(low) | UInt16(high) << 8)) / 32768
    }
}

/// Audio as a home-protocol client sends it: 16 kHz mono samples as PCM16 little-endian frames.
public enum PCM16Frames {
    /// Samples beyond ±1 are clipped.
    public static func bytes(_ samples: [Float]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(samples.count * 2)
        for sample in samples {
            let value = Int16(max(-1, min(1, sample)) * 32767)
            out.append(UInt8(truncatingIfNeeded: value))
            out.append(UInt8(truncatingIfNeeded: value >> 8))
        }
        return out
    }

    /// The samples cut into frames of `seconds` (the phone app sends 100 ms).
    public static func frames(_ samples: [Float], seconds: Double = 0.1) -> [[UInt8]] {
        let pcm = bytes(samples)
        let size = Int(seconds * 16_000) * 2
        return stride(from: 0, to: pcm.count, by: size).map { Array(pcm[$0..<min($0 + size, pcm.count)]) }
    }
}
