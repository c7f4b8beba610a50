import Foundation

/// The float tensors of an ONNX file, by name: its initializers and the values of its
/// `Constant` nodes (named by the node's output), in subgraphs (`If` branches) too. Enough of
/// protobuf's wire format to read them and nothing else: no graph is run from it, and
/// nothing beyond the toolchain is needed to read a network's weights.
struct ONNXConstants {
    struct Tensor {
        var dims: [Int]
        var values: [Float]
    }

    private(set) var tensors: [String: Tensor] = [:]

    struct Malformed: Error, CustomStringConvertible {
        let detail: String
        var description: String { detail }
    }

    init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw Malformed(detail: "cannot be read") }
        let bytes = [UInt8](data)
        try bytes.withUnsafeBufferPointer { buffer in
            var found: [String: Tensor] = [:]
            var model = Reader(buffer, 0..<buffer.count)
            while let field = try model.next() {
                if field.number == 7 { try Self.graph(buffer, field.range, into: &found) }
            }
            tensors = found
        }
        if tensors.isEmpty { throw Malformed(detail: "holds no float tensors") }
    }

    /// A GraphProto: its nodes (1) and initializers (5).
    private static func graph(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into found: inout [String: Tensor]) throws {
        var reader = Reader(buffer, range)
        while let field = try reader.next() {
            switch field.number {
            case 1: try node(buffer, field.range, into: &found)
            case 5:
                if let (name, tensor) = try Self.tensor(buffer, field.range), !name.isEmpty { found[name] = tensor }
            default: break
            }
        }
    }

    /// A NodeProto: its outputs (2), type (4) and attributes (5), which hold a Constant's
    /// value (a tensor, field 5) or an If's branches (graphs, field 6).
    private static func node(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into found: inout [String: Tensor]) throws {
        var reader = Reader(buffer, range)
        var output = "", isConstant = false, value: Tensor?
        while let field = try reader.next() {
            switch field.number {
            case 2 where output.isEmpty: output = string(buffer, field.range)
            case 4: isConstant = string(buffer, field.range) == "Constant"
            case 5:
                var attribute = Reader(buffer, field.range)
                while let part = try attribute.next() {
                    if part.number == 5, let (_, tensor) = try tensor(buffer, part.range) { value = tensor }
                    if part.number == 6 { try graph(buffer, part.range, into: &found) }
                }
            default: break
            }
        }
        if isConstant, let value, !output.isEmpty { found[output] = value }
    }

    /// A TensorProto of floats (data type 1): dims (1), float_data (4), name (8), raw_data (9).
    private static func tensor(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws -> (String, Tensor)? {
        var reader = Reader(buffer, range)
        var dims = [Int](), type = 0, name = "", values = [Float]()
        while let field = try reader.next() {
            switch field.number {
            case 1:
                if let value = field.value { dims.append(value) } else {
                    var packed = Reader(buffer, field.range)
                    while !packed.atEnd { dims.append(try packed.varint()) }
                }
            case 2: type = field.value ?? 0
            case 4 where field.value == nil: values += floats(buffer, field.range)
            case 8: name = string(buffer, field.range)
            case 9: values = floats(buffer, field.range)
            default: break
            }
        }
        guard type == 1 else { return nil }
        guard values.count == dims.reduce(1, *) else {
            throw Malformed(detail: "tensor '\(name)' has \(values.count) values for dimensions \(dims)")
        }
        return (name, Tensor(dims: dims, values: values))
    }

    private static func string(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// Little-endian float32s.
    private static func floats(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Float] {
        (0..<range.count / 4).map { index in
            let at = range.lowerBound + index * 4
            let bits = UInt32(buffer[at]) | UInt32(buffer[at + 1]) << 8 | UInt32(buffer[at + 2]) << 16 | UInt32(buffer[at + 3]) << 24
            return Float(bitPattern: bits)
        }
    }

    /// One message's fields in order: a varint's value, or the byte range of a
    /// length-delimited field (fixed 32- and 64-bit fields are skipped over).
    private struct Reader {
        struct Field {
            var number: Int
            var value: Int?
            var range: Range<Int>
        }

        let buffer: UnsafeBufferPointer<UInt8>
        var position: Int
        let end: Int

        init(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            self.buffer = buffer
            position = range.lowerBound
            end = range.upperBound
        }

        var atEnd: Bool { position >= end }

        mutating func varint() throws -> Int {
            var result: UInt64 = 0, shift: UInt64 = 0
            while true {
                guard position < end, shift < 64 else { throw Malformed(detail: "a number runs past its message at byte \(position)") }
                let byte = buffer[position]
                position += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return Int(truncatingIfNeeded: result) }
                shift += 7
            }
        }

        mutating func next() throws -> Field? {
            guard position < end else { return nil }
            let key = try varint()
            let number = key >> 3
            switch key & 7 {
            case 0: return Field(number: number, value: try varint(), range: position..<position)
            case 1: position += 8
            case 2:
                let length = try varint()
                guard length >= 0, length <= end - position else { throw Malformed(detail: "a field runs past the file's end at byte \(position)") }
                defer { position += length }
                return Field(number: number, value: nil, range: position..<position + length)
            case 5: position += 4
            default: throw Malformed(detail: "unknown protobuf wire type \(key & 7) at byte \(position)")
            }
            guard position <= end else { throw Malformed(detail: "a field runs past the file's end") }
            return Field(number: number, value: nil, range: position..<position)
        }
    }
}
