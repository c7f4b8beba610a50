import Foundation

/// Reads WAV recordings: PCM 8/16/24/32-bit, IEEE float 32/64-bit, WAVE_FORMAT_EXTENSIBLE,
/// any sample rate and any number of channels, mixed down to one channel.
///
/// A data chunk that claims more bytes than the file holds (a recorder that was stopped
/// before it could fix its header) is read up to the last whole frame: nothing the file
/// does hold is thrown away.
public struct WAVDecoder: Sendable {
    public init() {}

    /// The format a WAV file declares in its `fmt ` chunk.
    public struct Format: Sendable, Equatable {
        public enum Encoding: Sendable, Equatable { case integer, float }
        public var encoding: Encoding
        public var channels: Int
        public var sampleRate: Int
        public var bitsPerSample: Int
        public var bytesPerFrame: Int { channels * bitsPerSample / 8 }
    }

    /// Reads the file at `path` and returns its audio mixed to mono, at its own rate.
    public func read(path: String) throws(AudioFileError) -> MonoAudio {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missing(path: path)
        }
        if isDirectory.boolValue { throw .isDirectory(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return try decode(data, path: path)
    }

    public func decode(_ data: Data, path: String) throws(AudioFileError) -> MonoAudio {
        let bytes = [UInt8](data)
        guard bytes.count >= 12 else {
            if bytes.count >= 4, bytes[0..<4].elementsEqual("RIFF".utf8) { throw .truncatedHeader(path: path) }
            throw .notWAV(path: path)
        }
        guard bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else {
            throw .notWAV(path: path)
        }
        var format: Format?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(readUInt32(bytes, offset + 4))
            let body = offset + 8
            if id == "fmt " {
                guard body + 16 <= bytes.count, size >= 16 else { throw .truncatedHeader(path: path) }
                format = try parseFormat(bytes, at: body, size: size, path: path)
            } else if id == "data" {
                guard let format else {
                    throw .unsupportedFormat(path: path, detail: tr("השמע מופיע לפני תיאור הפורמט שלו", "the audio comes before its format description"))
                }
                let available = min(size, bytes.count - body)
                let frames = available / format.bytesPerFrame
                guard frames > 0 else { throw .noSamples(path: path) }
                let mono = mixDown(bytes, from: body, frames: frames, format: format)
                let bad = mono.reduce(0) { $0 + ($1.isFinite ? 0 : 1) }
                if bad > 0 { throw .notNumbers(path: path, count: bad) }
                return MonoAudio(samples: mono, sampleRate: format.sampleRate)
            }
            // Chunks are padded to an even length.
            offset = body + size + (size & 1)
        }
        throw format == nil ? .truncatedHeader(path: path) : .noSamples(path: path)
    }

    private func parseFormat(_ b: [UInt8], at o: Int, size: Int, path: String) throws(AudioFileError) -> Format {
        var tag = Int(readUInt16(b, o))
        let channels = Int(readUInt16(b, o + 2))
        let rate = Int(readUInt32(b, o + 4))
        let bits = Int(readUInt16(b, o + 14))
        if tag == 0xFFFE {
            // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
            guard size >= 40, o + 26 <= b.count else { throw .truncatedHeader(path: path) }
            tag = Int(readUInt16(b, o + 24))
        }
        guard channels > 0 else { throw .unsupportedFormat(path: path, detail: tr("לפי הכותרת יש בה 0 ערוצים", "the header says it has 0 channels")) }
        guard rate >= 1000 && rate <= 384_000 else {
            throw .unsupportedFormat(path: path, detail: tr("קצב דגימה של \(rate) הרץ אינו קצב הקלטה אמיתי", "sample rate \(rate) Hz is not a real recording rate"))
        }
        switch (tag, bits) {
        case (1, 8), (1, 16), (1, 24), (1, 32):
            return Format(encoding: .integer, channels: channels, sampleRate: rate, bitsPerSample: bits)
        case (3, 32), (3, 64):
            return Format(encoding: .float, channels: channels, sampleRate: rate, bitsPerSample: bits)
        case (1, _), (3, _):
            throw .unsupportedFormat(path: path, detail: tr("דגימות של \(bits) ביט אינן נתמכות", "\(bits)-bit samples are not supported"))
        default:
            throw .unsupportedFormat(path: path, detail: tr("WAV דחוס (תג פורמט \(tag)) אינו נתמך", "compressed WAV (format tag \(tag)) is not supported"))
        }
    }

    private func mixDown(_ b: [UInt8], from start: Int, frames: Int, format f: Format) -> [Float] {
        let width = f.bitsPerSample / 8
        var out = [Float](repeating: 0, count: frames)
        let scale = 1 / Float(f.channels)
        for i in 0..<frames {
            var sum: Float = 0
            var p = start + i * f.bytesPerFrame
            for _ in 0..<f.channels {
                sum += sample(b, p, width: width, encoding: f.encoding)
                p += width
            }
            out[i] = sum * scale
        }
        return out
    }

    @inline(__always)
    private func sample(_ b: [UInt8], _ p: Int, width: Int, encoding: Format.Encoding) -> Float {
        switch (encoding, width) {
        case (.integer, 1): return (Float(b[p]) - 128) / 128
        case (.integer, 2): return Float(Int16(bitPattern: readUInt16(b, p))) / 32768
        case (.integer, 3):
            let v = Int32(bitPattern: UInt32(b[p]) << 8 | UInt32(b[p + 1]) << 16 | UInt32(b[p + 2]) << 24) >> 8
            return Float(v) / 8_388_608
        case (.integer, _): return Float(Double(Int32(bitPattern: readUInt32(b, p))) / 2_147_483_648)
        case (.float, 4): return Float(bitPattern: readUInt32(b, p))
        default:
            let bits = UInt64(readUInt32(b, p)) | UInt64(readUInt32(b, p + 4)) << 32
            return Float(Double(bitPattern: bits))
        }
    }
}

@inline(__always) func readUInt16(_ b: [UInt8], _ o: Int) -> UInt16 { UInt16(b[o]) | UInt16(b[o + 1]) << 8 }
@inline(__always) func readUInt32(_ b: [UInt8], _ o: Int) -> UInt32 {
    UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
}
