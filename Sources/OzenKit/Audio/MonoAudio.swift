/// Audio as every stage after decoding sees it: one channel of Float samples in -1…1.
public struct MonoAudio: Sendable, Equatable {
    /// Whisper and Silero both expect 16 kHz; every source is brought to this rate.
    public static let speechRate = 16_000

    public var samples: [Float]
    public var sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// The same audio at 16 kHz (a copy when it already is).
    public func atSpeechRate() -> MonoAudio {
        sampleRate == Self.speechRate ? self
            : MonoAudio(samples: Resampler(from: sampleRate, to: Self.speechRate).resample(samples),
                        sampleRate: Self.speechRate)
    }
}
