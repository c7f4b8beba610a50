import OzenKit

extension AccuracyBench {
    /// One change to the final pass, run in file mode beside today's settings.
    struct Variant: Sendable {
        var name: String
        var change: @Sendable (inout LiveSettings) -> Void
    }

    /// `--ablation`: each difference between a final pass and the offline decode of the same
    /// audio removed on its own, then all together. Beam (5) and the model file are the same in
    /// both, so they are no difference; the encoder window is scanned, since it is the one whose
    /// price is CPU. The offline decode has no padding; the silence row tries what Whisper makes
    /// of an utterance with quiet around it, as its training audio had.
    static let ablation: [Variant] = [
        Variant(name: "full encoder window (margin 0)") { $0.finalAudioContextMargin = 0 },
        Variant(name: "encoder margin 256") { $0.finalAudioContextMargin = 256 },
        Variant(name: "encoder margin 512") { $0.finalAudioContextMargin = 512 },
        Variant(name: "encoder window at least 500 frames (10 s)") { $0.finalPass.minimumWindow = 500 },
        Variant(name: "encoder window at least 750 frames (15 s)") { $0.finalPass.minimumWindow = 750 },
        Variant(name: "no prompt") { $0.finalPass.prompted = false },
        Variant(name: "temperature fallback") { $0.finalPass.fallback = true },
        Variant(name: "0.3 s of silence each side") { $0.finalPass.silencePadding = 0.3 },
        Variant(name: "no final-pass policy") { $0.finalPass.policy = false },
        Variant(name: "all four removed (window, prompt, fallback, policy)") {
            $0.finalAudioContextMargin = 0
            $0.finalPass.prompted = false
            $0.finalPass.fallback = true
            $0.finalPass.policy = false
        },
    ]
}
