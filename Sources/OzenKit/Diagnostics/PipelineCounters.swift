import Foundation

/// What a captioning process has done, for its diagnostics: written by `ozen listen` and
/// `ozen caption` to `diagnostics/session.json` every few seconds and at the end. Counts and
/// times only: no caption text, no audio.
public struct PipelineCounters: Codable, Sendable, Equatable {
    public var command: String
    public var pid: Int32
    public var model: String
    public var started: Date
    public var updated: Date
    public var ended: Bool = false
    public var audioSeconds = 0.0
    public var sanitizedSamples = 0
    public var notANumberSamples = 0
    public var livePasses = 0
    public var finalPasses = 0
    public var linesDroppedByGate = 0
    public var lines = 0
    public var recognizerSeconds = 0.0
    /// Audio the microphone delivered that is not captioned yet, now and at the 90th
    /// percentile of the run (seconds); nil for a recording.
    public var captionLagNow: Double?
    public var captionLagP90: Double?
    public var speakerVoices = 0
    public var microphoneRetries = 0
    public var microphoneStalls = 0
    public var microphoneReopens = 0
    public var cloudLines: Int?
    public var cloudFallbacks: Int?

    public init(command: String, pid: Int32, model: String, started: Date) {
        self.command = command; self.pid = pid; self.model = model; self.started = started; updated = started
    }
}
