import Foundation

/// EfficientAT's `mn04_as` as Ozen stores it: the file scripts/export_efficientat_weights.py
/// makes from the authors' checkpoint (`efficientat.bin`, about 4 MB), read and checked here
/// before any arithmetic touches it.
///
/// Layout: "OZEFFAT1", the format version and the index length (uint32 little-endian each),
/// the index (JSON: the front end's numbers, the stem, 15 blocks, the head, where each tensor
/// lies, the class map CSV), spaces up to a multiple of 64 bytes, then every tensor as float32
/// little-endian. Batch norms are folded into the convolutions.
public struct EfficientATWeights: Sendable {
    public static let magic = Array("OZEFFAT1".utf8)
    public static let formatVersion: UInt32 = 1

    public typealias Tensor = SoundWeightFile.Tensor

    public enum Activation: String, Decodable, Sendable {
        case none, relu, hardswish, sigmoid
    }

    /// A convolution with its batch norm folded in. Weights: [tap][out] for the stem,
    /// [tap][channel] for a depthwise one, [in][out] for a 1 × 1 one.
    public struct Convolution: Decodable, Sendable {
        public var inChannels: Int
        public var outChannels: Int
        public var kernel: Int
        public var stride: Int
        public var activation: Activation
        public var weights: Tensor
        public var bias: Tensor
    }

    /// A fully connected layer; weights [in][out].
    public struct Linear: Decodable, Sendable {
        public var inFeatures: Int
        public var outFeatures: Int
        public var activation: Activation
        public var weights: Tensor
        public var bias: Tensor
    }

    /// Channel squeeze-excitation: the mean of each channel, `fc1` with ReLU, `fc2` with a
    /// sigmoid, and the channels scaled by the result.
    public struct SqueezeExcitation: Decodable, Sendable {
        public var fc1: Linear
        public var fc2: Linear
    }

    /// One inverted-residual block.
    public struct Block: Decodable, Sendable {
        public var inChannels: Int
        public var outChannels: Int
        public var kernel: Int
        public var stride: Int
        public var activation: Activation
        public var expand: Convolution?
        public var depthwise: Convolution
        public var squeezeExcitation: SqueezeExcitation?
        public var project: Convolution
        public var residual: Bool
    }

    struct FrontEnd: Decodable {
        var sampleRate: Int
        var fftSize: Int
        var windowLength: Int
        var hopLength: Int
        var melBands: Int
        var lowHz: Double
        var highHz: Double
        var preemphasis: Double
        var logOffset: Double
        var shift: Double
        var scale: Double
    }

    struct Index: Decodable {
        var format: String
        var formatVersion: Int
        var precision: String
        var frontEnd: FrontEnd
        var stem: Convolution
        var blocks: [Block]
        var lastConv: Convolution
        var hidden: Linear
        var classifier: Linear
        var weightCount: Int
        var classMapCsv: String
    }

    public var stem: Convolution
    public var blocks: [Block]
    public var lastConv: Convolution
    public var hidden: Linear
    public var classifier: Linear
    public var classMap: SoundClassMap
    public var values: [Float]

    public typealias ReadError = SoundWeightFile.ReadError

    public init(contentsOfFile path: String) throws(ReadError) {
        try self.init(file: SoundWeightFile(path: path, magic: Self.magic, formatVersion: Self.formatVersion, network: "EfficientAT"))
    }

    public init(data: Data) throws(ReadError) {
        try self.init(file: SoundWeightFile(data: data, magic: Self.magic, formatVersion: Self.formatVersion, network: "EfficientAT"))
    }

    init(file: SoundWeightFile) throws(ReadError) {
        let index = try file.decodeIndex(Index.self)
        let f = index.frontEnd
        guard index.format == "ozen-efficientat-weights", index.precision == "float32",
              f.sampleRate == EfficientATLogMel.sampleRate, f.fftSize == EfficientATLogMel.fftSize,
              f.windowLength == EfficientATLogMel.windowLength, f.hopLength == EfficientATLogMel.hop,
              f.melBands == EfficientATLogMel.bandCount, f.lowHz == EfficientATLogMel.lowestFrequency,
              f.highHz == EfficientATLogMel.highestFrequency, Float(f.preemphasis) == EfficientATLogMel.preemphasis,
              Float(f.logOffset) == EfficientATLogMel.logOffset, Float(f.shift) == EfficientATLogMel.shift,
              Float(f.scale) == EfficientATLogMel.scale else {
            throw ReadError(detail: tr("הקובץ אינו מתאר את EfficientAT על ספקטרוגרמה של 128 פסים ב־32 קה״ץ",
                                       "the file does not describe EfficientAT on 128-band spectrograms at 32 kHz"))
        }
        let values = try file.values(count: index.weightCount)
        let classMap: SoundClassMap
        do {
            classMap = try SoundClassMap(csv: index.classMapCsv)
        } catch {
            throw ReadError(detail: error.detail)
        }
        stem = index.stem
        blocks = index.blocks
        lastConv = index.lastConv
        hidden = index.hidden
        classifier = index.classifier
        self.classMap = classMap
        self.values = values
        try check(classCount: classMap.entries.count)
    }

    /// Every tensor inside the file, with the size its shape needs, and shapes that chain from
    /// one channel to the class count.
    func check(classCount: Int) throws(ReadError) {
        let count = values.count
        func fits(_ t: Tensor, _ expected: Int) -> Bool { t.count == expected && t.offset >= 0 && t.range.upperBound <= count }
        func damaged(_ what: String) -> ReadError {
            ReadError(detail: tr("\(what) בקובץ פגום", "\(what) in the file is damaged"))
        }
        guard stem.inChannels == 1, stem.kernel % 2 == 1, stem.stride >= 1,
              fits(stem.weights, stem.kernel * stem.kernel * stem.outChannels), fits(stem.bias, stem.outChannels)
        else { throw damaged("stem") }
        var channels = stem.outChannels
        for (number, block) in blocks.enumerated() {
            let bad = damaged("block \(number + 1)")
            guard block.inChannels == channels else { throw bad }
            var width = channels
            if let expand = block.expand {
                guard expand.inChannels == width, fits(expand.weights, width * expand.outChannels), fits(expand.bias, expand.outChannels)
                else { throw bad }
                width = expand.outChannels
            }
            let d = block.depthwise
            guard d.inChannels == width, d.outChannels == width, d.kernel % 2 == 1, d.stride >= 1,
                  fits(d.weights, d.kernel * d.kernel * width), fits(d.bias, width) else { throw bad }
            if let se = block.squeezeExcitation {
                guard se.fc1.inFeatures == width, se.fc2.inFeatures == se.fc1.outFeatures, se.fc2.outFeatures == width,
                      fits(se.fc1.weights, width * se.fc1.outFeatures), fits(se.fc1.bias, se.fc1.outFeatures),
                      fits(se.fc2.weights, se.fc1.outFeatures * width), fits(se.fc2.bias, width) else { throw bad }
            }
            let p = block.project
            guard p.inChannels == width, p.outChannels == block.outChannels,
                  fits(p.weights, width * p.outChannels), fits(p.bias, p.outChannels),
                  !block.residual || (block.stride == 1 && block.outChannels == channels) else { throw bad }
            channels = block.outChannels
        }
        guard lastConv.inChannels == channels, fits(lastConv.weights, channels * lastConv.outChannels), fits(lastConv.bias, lastConv.outChannels),
              hidden.inFeatures == lastConv.outChannels, fits(hidden.weights, hidden.inFeatures * hidden.outFeatures), fits(hidden.bias, hidden.outFeatures),
              classifier.inFeatures == hidden.outFeatures, fits(classifier.weights, classifier.inFeatures * classifier.outFeatures),
              fits(classifier.bias, classifier.outFeatures)
        else { throw damaged("the head") }
        guard classifier.outFeatures == classCount else {
            throw ReadError(detail: tr("הרשת מדרגת \(classifier.outFeatures) צלילים אבל מפת הצלילים מונה \(classCount)",
                                       "the network scores \(classifier.outFeatures) classes but the class map lists \(classCount)"))
        }
    }
}
