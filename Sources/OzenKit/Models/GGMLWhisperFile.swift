import Foundation

/// Walks a Whisper model in whisper.cpp's ggml format from its header to its last byte
/// without loading the weights, so a truncated or damaged file is refused before the C
/// library (which aborts the process on such a file) ever sees it.
///
/// Checked: the magic, plausible hyper-parameters, the mel filter and vocabulary blocks,
/// every tensor header and the size of its data, the number of tensors the layer counts
/// call for, and that the last tensor ends exactly at the end of the file.
public enum GGMLWhisperFile {
    public struct Problem: Error, Sendable { public var detail: String }

    public struct Header: Sendable, Equatable {
        public var vocabularySize: Int
        public var audioLayers: Int
        public var textLayers: Int
        public var melBands: Int
        public var tensorCount: Int
    }

    static let magic: UInt32 = 0x6767_6d6c

    @discardableResult
    public static func validate(path: String) throws(Problem) -> Header {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Problem(detail: tr("אי אפשר לפתוח אותו", "cannot be opened")) }
        defer { try? handle.close() }
        let fileSize: UInt64
        do { fileSize = try handle.seekToEnd(); try handle.seek(toOffset: 0) } catch { throw Problem(detail: tr("אי אפשר לקרוא אותו", "cannot be read")) }
        var reader = Reader(handle: handle, size: fileSize)

        guard try reader.uint32() == magic else { throw Problem(detail: tr("זה לא מודל Whisper בפורמט ggml (חתימה שגויה)", "not a ggml Whisper model (wrong magic)")) }
        var hp = [Int]()
        for _ in 0..<11 { hp.append(Int(try reader.int32())) }
        let (nVocab, nAudioState, nAudioLayer, nTextState, nTextLayer, nMels) = (hp[0], hp[2], hp[4], hp[6], hp[8], hp[9])
        guard (1...1_000_000).contains(nVocab), (1...64).contains(nAudioLayer), (1...64).contains(nTextLayer),
              (1...8192).contains(nAudioState), (1...8192).contains(nTextState), (1...512).contains(nMels) else {
            throw Problem(detail: tr("ממדי המודל לא הגיוניים", "implausible model dimensions"))
        }
        let melRows = Int(try reader.int32()), melCols = Int(try reader.int32())
        guard (1...512).contains(melRows), (1...4096).contains(melCols) else { throw Problem(detail: tr("בלוק מסנני mel פגום", "bad mel filter block")) }
        try reader.skip(UInt64(melRows * melCols * 4))
        let tokens = Int(try reader.int32())
        guard (0...nVocab).contains(tokens) else { throw Problem(detail: tr("גודל אוצר המילים פגום", "bad vocabulary size")) }
        for _ in 0..<tokens {
            let length = Int(try reader.int32())
            guard (0...1024).contains(length) else { throw Problem(detail: tr("רשומה פגומה באוצר המילים", "bad vocabulary entry")) }
            try reader.skip(UInt64(length))
        }
        // 15 tensors per encoder block, 24 per decoder block, 5 + 4 outside the blocks.
        let expectedTensors = 5 + 2 + nAudioLayer * 15 + 2 + 2 + nTextLayer * 24
        var tensors = 0
        while reader.offset < fileSize {
            let dims = Int(try reader.int32()), nameLength = Int(try reader.int32()), type = Int(try reader.int32())
            guard (1...4).contains(dims), (1...256).contains(nameLength) else {
                throw Problem(detail: tr("כותרת טנזור פגומה בבית \(reader.offset)", "bad tensor header at byte \(reader.offset)"))
            }
            var elements: UInt64 = 1
            for _ in 0..<dims {
                let d = try reader.int32()
                guard d > 0 else { throw Problem(detail: tr("צורת טנזור פגומה בבית \(reader.offset)", "bad tensor shape at byte \(reader.offset)")) }
                elements *= UInt64(d)
            }
            try reader.skip(UInt64(nameLength))
            guard let bytes = dataSize(type: type, elements: elements) else {
                throw Problem(detail: tr("סוג טנזור לא מוכר \(type)", "unknown tensor type \(type)"))
            }
            try reader.skip(bytes)
            tensors += 1
        }
        guard tensors == expectedTensors else {
            throw Problem(detail: tr("\(tensors) טנזורים במקום \(expectedTensors)", "\(tensors) tensors, expected \(expectedTensors)"))
        }
        return Header(vocabularySize: nVocab, audioLayers: nAudioLayer, textLayers: nTextLayer, melBands: nMels, tensorCount: tensors)
    }

    /// Bytes of tensor data for ggml's type codes (float and the block-quantized types whisper.cpp writes).
    static func dataSize(type: Int, elements: UInt64) -> UInt64? {
        func blocks(_ perBlock: UInt64, _ bytes: UInt64) -> UInt64? {
            elements % perBlock == 0 ? elements / perBlock * bytes : nil
        }
        switch type {
        case 0: return elements * 4            // f32
        case 1: return elements * 2            // f16
        case 2: return blocks(32, 18)          // q4_0
        case 3: return blocks(32, 20)          // q4_1
        case 6: return blocks(32, 22)          // q5_0
        case 7: return blocks(32, 24)          // q5_1
        case 8: return blocks(32, 34)          // q8_0
        default: return nil
        }
    }

    struct Reader {
        let handle: FileHandle
        let size: UInt64
        var offset: UInt64 = 0

        mutating func bytes(_ n: Int) throws(Problem) -> [UInt8] {
            guard offset + UInt64(n) <= size, let data = try? handle.read(upToCount: n), data.count == n else {
                throw Problem(detail: tr("נגמר מוקדם בבית \(offset) מתוך \(size) (קטוע)", "ends early at byte \(offset) of \(size) (truncated)"))
            }
            offset += UInt64(n)
            return [UInt8](data)
        }
        mutating func uint32() throws(Problem) -> UInt32 { readUInt32(try bytes(4), 0) }
        mutating func int32() throws(Problem) -> Int32 { Int32(bitPattern: try uint32()) }
        mutating func skip(_ n: UInt64) throws(Problem) {
            guard offset + n <= size else { throw Problem(detail: tr("נגמר מוקדם: חסר בית \(offset + n) מתוך \(size) (קטוע)", "ends early: needs byte \(offset + n) of \(size) (truncated)")) }
            offset += n
            do { try handle.seek(toOffset: offset) } catch { throw Problem(detail: tr("אי אפשר לקרוא אותו", "cannot be read")) }
        }
    }
}
