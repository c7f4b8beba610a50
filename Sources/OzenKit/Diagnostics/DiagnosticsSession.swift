import Foundation

/// Keeps one captioning run's diagnostics: its counters (`PipelineCounters`, written to
/// `diagnostics/session.json` at most every 5 s and when the run ends) and its incidents (to
/// the shared `IncidentLog`). Fed from the pipeline's thread (`update`) and from the
/// microphone's and the cloud's (`microphone`, `cloud`); all of it is locked.
public final class DiagnosticsSession: @unchecked Sendable {
    public let path: String
    public let incidents: IncidentLog
    private let lock = NSLock()
    private var counters: PipelineCounters
    private var lags: [Double] = []
    private var speakers: Set<String> = []
    private var lastWrite = Date.distantPast
    private var openedBefore = false
    private var troubled = false

    public static func path(in home: OzenHome) -> String { home.path + "/diagnostics/session.json" }

    public init(home: OzenHome, command: String, model: String) {
        path = Self.path(in: home)
        incidents = IncidentLog(home: home)
        counters = PipelineCounters(command: command, pid: ProcessInfo.processInfo.processIdentifier, model: model, started: Date())
        write(force: true)
    }

    /// The pipeline's counts after an event; `deliveredSeconds` is the microphone's (nil for a file).
    public func update(from captioner: LiveCaptioner, deliveredSeconds: Double?, event: CaptionEvent) {
        lock.withLock {
            counters.audioSeconds = Double(captioner.fed) / Double(MonoAudio.speechRate)
            counters.sanitizedSamples = captioner.sanitizer.counts.total
            counters.notANumberSamples = captioner.sanitizer.counts.notNumbers
            counters.livePasses = captioner.livePassCount
            counters.finalPasses = captioner.finalPassCount
            counters.linesDroppedByGate = captioner.droppedByGate
            counters.lines = captioner.linesEmitted
            counters.recognizerSeconds = captioner.busySeconds
            if case .line(let line, _) = event, let who = line.speaker { speakers.insert(who) }
            if case .speaker(_, let who, _) = event { speakers.insert(who) }
            counters.speakerVoices = speakers.count
            if let delivered = deliveredSeconds {
                let lag = max(0, delivered - counters.audioSeconds)
                lags.append(lag)
                if lags.count > 2000 { lags.removeFirst(lags.count - 2000) }
                counters.captionLagNow = lag
            }
        }
        write(force: false)
    }

    /// A microphone status: retries and failures are incidents, and the first "listening" after
    /// one is the recovery.
    public func microphone(_ status: CaptionStatus) {
        var incident: Incident?
        lock.withLock {
            switch status {
            case .retrying(let reason, let seconds):
                counters.microphoneRetries += 1
                if reason.contains(tr("לא הגיע קול", "sent no audio")) { counters.microphoneStalls += 1 }
                troubled = true
                incident = Incident(kind: .retry, source: "microphone", text: reason + String(format: tr(" (שוב בעוד %.0f שנ׳)", " (again in %.0f s)"), seconds))
            case .failed(let reason, let action):
                troubled = true
                incident = Incident(kind: .failure, source: "microphone", text: reason + " — " + action)
            case .openingMicrophone:
                if openedBefore { counters.microphoneReopens += 1 }
                openedBefore = true
            case .listening where troubled:
                troubled = false
                incident = Incident(kind: .recovery, source: "microphone", text: tr("המיקרופון חזר לעבוד", "the microphone works again"))
            default: break
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
        lock.withLock { counters.cloudLines = counts.cloud; counters.cloudFallbacks = counts.local }
    }

    /// The run is over: the last counts are written.
    public func end() {
        lock.withLock { counters.ended = true }
        write(force: true)
    }

    public var snapshot: PipelineCounters { lock.withLock { counters } }

    private func write(force: Bool) {
        let data: Data? = lock.withLock {
            let now = Date()
            guard force || now.timeIntervalSince(lastWrite) >= 5 else { return nil }
            lastWrite = now
            counters.updated = now
            // Sorted here, at most every 5 s, not on each caption event.
            if !lags.isEmpty { counters.captionLagP90 = lags.sorted()[min(lags.count - 1, Int(Double(lags.count) * 0.9))] }
            return try? IncidentLog.encoder.encode(counters)
        }
        guard let data else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
