import Foundation

/// How loud a stretch of audio is: RMS and peak in dBFS (0 dBFS = full scale).
/// Digital silence reads as `floor` (-120 dBFS) rather than minus infinity.
public struct AudioLevel: Sendable, Equatable {
    public static let floor = -120.0

    public var rmsDBFS: Double
    public var peakDBFS: Double

    public init<C: Collection>(measuring samples: C) where C.Element == Float {
        var sum = 0.0, peak: Float = 0
        for x in samples {
            sum += Double(x) * Double(x)
            peak = max(peak, abs(x))
        }
        let rms = samples.isEmpty ? 0 : (sum / Double(samples.count)).squareRoot()
        rmsDBFS = Self.decibels(rms)
        peakDBFS = Self.decibels(Double(peak))
    }

    static func decibels(_ amplitude: Double) -> Double {
        amplitude > 0 ? max(floor, 20 * log10(amplitude)) : floor
    }
}
