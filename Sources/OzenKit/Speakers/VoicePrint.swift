/// What a stretch of speech sounds like, as one point per voice: CAM++'s 192 numbers, scaled
/// to length 1 so that the dot product of two prints is their cosine similarity. Prints of one
/// person cluster together (0.76–0.93 on clean reads here) and of different people apart
/// (−0.13…0.52), which is what `SpeakerTracker` relies on.
public struct VoicePrint: Sendable, Equatable, Codable {
    public let values: [Float]

    /// nil for an empty print, or one with NaN, infinity or no length.
    public init?(_ raw: [Float]) {
        var squares = 0.0
        for v in raw {
            guard v.isFinite else { return nil }
            squares += Double(v) * Double(v)
        }
        guard !raw.isEmpty, squares > 0 else { return nil }
        let scale = Float(1 / squares.squareRoot())
        values = raw.map { $0 * scale }
    }

    /// Cosine similarity, −1…1; 0 for prints of different sizes (different models).
    public func similarity(to other: VoicePrint) -> Double {
        guard values.count == other.values.count else { return 0 }
        var dot = 0.0
        for i in values.indices { dot += Double(values[i]) * Double(other.values[i]) }
        return dot
    }

    /// The direction of several prints together, each counted by its weight (its seconds).
    public static func mean(_ prints: [(VoicePrint, Double)]) -> VoicePrint? {
        guard let size = prints.first?.0.values.count else { return nil }
        var sum = [Float](repeating: 0, count: size)
        for (print, weight) in prints where print.values.count == size {
            for i in 0..<size { sum[i] += print.values[i] * Float(weight) }
        }
        return VoicePrint(sum)
    }
}

/// Makes voice prints from 16 kHz mono speech. CAM++ through sherpa-onnx is the real one
/// (OzenEngines).
public protocol SpeakerEmbedder: AnyObject {
    /// A print of the speech, or nil when there is too little of it to tell a voice by.
    func voicePrint(of samples: ArraySlice<Float>) throws -> VoicePrint?
}
