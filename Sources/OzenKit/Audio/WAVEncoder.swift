import Foundation

/// Writes WAV files: 16-bit PCM for exports and test recordings, or float32.
/// Used only where the person asked for audio on disk (a debug option) and by tests.
public struct WAVEncoder: Sendable {
    public enum SampleFormat: Sendable { case pcm16, pcm24, float32 }

    public var format: SampleFormat
    public var sampleRate: Int
    public var channels: Int
    /// Writes the WAVE_FORMAT_EXTENSIBLE header that many recorders use for >2 channels or 24-bit.
    public var extensible: Bool

    public init(format: SampleFormat = .pcm16, sampleRate: Int = 16_000, channels: Int = 1, extensible: Bool = false) {
        self.format = format
        self.sampleRate = sampleRate
        self.channels = channels
        self.extensible = extensible
    }

    /// `interleaved` holds `channels` samples per frame.
    public func encode(_ interleaved: [Float]) -> Data {
        let width: Int
        switch format { case .pcm16: width = 2; case .pcm24: width = 3; case .float32: width = 4 }
        let tag: UInt16 = format == .float32 ? 3 : 1
        var d = Data()
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        let fmtSize: UInt32 = extensible ? 40 : 16
        let dataSize = UInt32(interleaved.count * width)
        d.append(contentsOf: Array("RIFF".utf8)); u32(4 + 8 + fmtSize + 8 + dataSize)
        d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(fmtSize)
        u16(extensible ? 0xFFFE : tag); u16(UInt16(channels)); u32(UInt32(sampleRate))
        u32(UInt32(sampleRate * channels * width)); u16(UInt16(channels * width)); u16(UInt16(width * 8))
        if extensible {
            u16(22); u16(UInt16(width * 8)); u32(0)
            // KSDATAFORMAT_SUBTYPE_PCM / _IEEE_FLOAT: the tag followed by the fixed GUID tail.
            u16(tag); d.append(contentsOf: [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        }
        d.append(contentsOf: Array("data".utf8)); u32(dataSize)
        d.reserveCapacity(d.count + Int(dataSize))
        for s in interleaved {
            switch format {
            case .pcm16:
                u16(UInt16(bitPattern: Int16(max(-32768, min(32767, (s * 32768).rounded())))))
            case .pcm24:
                let v = Int32(max(-8_388_608, min(8_388_607, (s * 8_388_608).rounded())))
                let u = UInt32(bitPattern: v)
                d.append(contentsOf: [UInt8(u & 0xFF), UInt8(u >> 8 & 0xFF), UInt8(u >> 16 & 0xFF)])
            case .float32:
                u32(s.bitPattern)
            }
        }
        return d
    }
}
