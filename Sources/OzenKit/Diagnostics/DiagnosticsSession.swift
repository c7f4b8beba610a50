import Foundation
import Synchronization

/// Keeps one captioning run's diagnostics: its counters (`PipelineCounters`, written to
/// `diagnostics/session.json` at most every 5 s and when the run ends) and its incidents (to
/// the shared `IncidentLog`). Fed from the pipeline's thread (`update`) and from the
/// microphone's and the cloud's (`microphone`, `cloud`); all of it is locked.
public final class DiagnosticsSession: Sendable {
    public let path: String
    public let incidents: IncidentLog

    private struct State {
        var counters: PipelineCounters
        var lags: [Double] = []
        var speakers: Set<String> = []
        var lastWrite = Date.distantPast
        var openedBefore = false
        var troubled = false
    }

    private let state: Mutex<State>

    public static func path(in home: OzenHome) -> String { home.path + "/diagnostics/session.json" }

    public init(home: OzenHome, command: String, model: String) {
        path = Self.path(in: home)
        incidents = IncidentLog(home: home)
        state = Mutex(State(counters: PipelineCounters(command: command, pid: ProcessInfo.processInfo.processIdentifier, model: model, started: Date())))
        write(force: true)
    }

    /// The pipeline's counts after an event; `deliveredSeconds` is the microphone's (nil for a file).
    public func update(from captioner: LiveCaptioner, deliveredSeconds: Double?, event: CaptionEvent) {
        state.withLock { state in
            state.counters.audioSeconds = Double(captioner.fed) / Double(MonoAudio.speechRate)
            state.counters.sanitizedSamples = captioner.sanitizer.counts.total
            state.counters.notANumberSamples = captioner.sanitizer.counts.notNumbers
            state.counters.livePasses = captioner.livePassCount
            state.counters.finalPasses = captioner.finalPassCount
            state.counters.linesDroppedByGate = captioner.droppedByGate
            state.counters.lines = captioner.linesEmitted
            state.counters.recognizerSeconds = captioner.busySeconds
            if case .line(let line, _) = event, let who = line.speaker { state.speakers.insert(who) }
            if case .speaker(_, let who, _) = event { state.speakers.insert(who) }
            state.counters.speakerVoices = state.speakers.count
            if let delivered = deliveredSeconds {
                let lag = max(0, delivered - state.counters.audioSeconds)
                state.lags.append(lag)
                if state.lags.count > 2000 { state.lags.removeFirst(state.lags.count - 2000) }
                state.counters.captionLagNow = lag
            }
        }
        write(force: false)
    }

    /// A microphone status: retries and failures are incidents, and the first "listening" after
    /// one is the recovery.
    public func microphone(_ status: CaptionStatus) {
        let incident: Incident? = state.withLock { state in
            switch status {
            case .retrying(let reason, let seconds):
                state.counters.microphoneRetries += 1
                if reason.contains(tr("לא הגיע קול", "sent no audio")) { state.counters.microphoneStalls += 1 }
                state.troubled = true
                return Incident(kind: .retry, source: "microphone", text: reason + String(format: tr(" (שוב בעוד %.0f שנ׳)", " (again in %.0f s)"), seconds))
            case .failed(let reason, let action):
                state.troubled = true
                return Incident(kind: .failure, source: "microphone", text: reason + " — " + action)
            case .openingMicrophone:
                if state.openedBefore { state.counters.microphoneReopens += 1 }
                state.openedBefore = true
                return nil
            case .listening where state.troubled:
                state.troubled = false
                return Incident(kind: .recovery, source: "microphone", text: tr("המיקרופון חזר לעבוד", "the microphone works again"))
            default: return nil
            }
        }
        if let incident { incidents.record(incident) }
        write(force: incident != nil)
    }

    /// A cloud captions note (`CloudFallback.Note`'s text).
    public func cloud(_ text: String) {
        let back = text == CloudFallback.Note.back.text
        incidents.record(Incident(kind: back ? .recovery : .retry, source: "cloud", text: text))
        write(force: true)
    }

    /// Lines whose final came from the cloud and from this computer (the fallbacks), when cloud
    /// captions ran; `CloudFinalsRecognizer` counts them, this only records its counts.
    public func cloudCounts(_ counts: (cloud: Int, local: Int)?) {
        guard let counts else { return }
        state.withLock { $0.counters.cloudLines = counts.cloud; $0.counters.cloudFallbacks = counts.local }
    }

    /// The run is over: the last counts are written.
    public func end() {
        state.withLock { $0.counters.ended = true }
        write(force: true)
    }

    public var snapshot: PipelineCounters { state.withLock { $0.counters } }

    private func write(force: Bool) {
        let data: Data? = state.withLock { state in
            let now = Date()
            guard force || now.timeIntervalSince(state.lastWrite) >= 5 else { return nil }
            state.lastWrite = now
            state.counters.updated = now
            // Sorted here, at most every 5 s, not on each caption event.
            if !state.lags.isEmpty { state.counters.captionLagP90 = state.lags.sorted()[min(state.lags.count - 1, Int(Double(state.lags.count) * 0.9))] }
            return try? IncidentLog.encoder.encode(state.counters)
        }
        guard let data else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
