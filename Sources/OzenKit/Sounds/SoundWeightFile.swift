import Foundation

/// The container both sound networks' weight files share (YAMNet's "OZYAMNET", EfficientAT's
/// "OZEFFAT1", written by scripts/export_*_weights.py): the 8-byte magic, the format version and
/// the index length (uint32 little-endian each), the index (UTF-8 JSON, snake_case keys),
/// spaces up to a multiple of 64 bytes, then float32 little-endian values to the end. What the
/// index describes is each network's own business; this checks the frame around it.
public struct SoundWeightFile: Sendable {
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public var detail: String
        public var description: String { detail }
    }

    /// Where one tensor lies in the values, as the index says.
    public struct Tensor: Decodable, Sendable, Equatable {
        public var offset: Int
        public var count: Int
        public var range: Range<Int> { offset..<(offset + count) }
    }

    let data: Data
    let index: Data
    let valuesStart: Int

    /// Reads the file at `path` (mapped where it can be).
    init(path: String, magic: [UInt8], formatVersion: UInt32, network: String) throws(ReadError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw ReadError(detail: tr("אי אפשר לקרוא את הקובץ", "the file cannot be read"))
        }
        try self.init(data: data, magic: magic, formatVersion: formatVersion, network: network)
    }

    /// Checks the magic, the version and that the index is whole.
    init(data: Data, magic: [UInt8], formatVersion: UInt32, network: String) throws(ReadError) {
        guard data.count >= 16, Array(data.prefix(8)) == magic else {
            throw ReadError(detail: tr("זה אינו קובץ משקלים של \(network) עבור Ozen", "not an Ozen \(network) weight file"))
        }
        func uint32(_ at: Int) -> UInt32 {
            data.withUnsafeBytes { raw in UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        }
        let version = uint32(8), indexLength = Int(uint32(12))
        guard version == formatVersion else {
            throw ReadError(detail: tr("גרסת הקובץ \(version) אינה נתמכת (נתמכת \(formatVersion)); הריצו את make setup שוב כדי לייצא אותו מחדש",
                                       "file format version \(version) is not supported (expected \(formatVersion)); run make setup again to export it anew"))
        }
        valuesStart = (16 + indexLength + 63) / 64 * 64
        guard data.count >= valuesStart else {
            throw ReadError(detail: tr("הקובץ קטוע בתוך האינדקס שלו", "the file is cut short inside its index"))
        }
        self.data = data
        index = data.subdata(in: 16..<(16 + indexLength))
    }

    /// The index as `T`.
    func decodeIndex<T: Decodable>(_ type: T.Type) throws(ReadError) -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(T.self, from: index)
        } catch {
            throw ReadError(detail: tr("האינדקס של הקובץ פגום", "the file's index is damaged"))
        }
    }

    /// The `count` values after the index, which must be all the file holds.
    func values(count: Int) throws(ReadError) -> [Float] {
        let byteCount = count * 4
        guard data.count - valuesStart == byteCount else {
            throw ReadError(detail: tr("הקובץ מכיל \(data.count - valuesStart) בתים של משקלים במקום \(byteCount) (קטוע או פגום)",
                                       "the file holds \(data.count - valuesStart) bytes of weights, expected \(byteCount) (cut short or damaged)"))
        }
        var values = [Float](repeating: 0, count: count)
        let start = valuesStart
        values.withUnsafeMutableBytes { out in
            data.withUnsafeBytes { raw in
                out.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<(start + byteCount)]))
            }
        }
        #if _endian(big)
        for i in values.indices { values[i] = Float(bitPattern: UInt32(littleEndian: values[i].bitPattern)) }
        #endif
        return values
    }
}
