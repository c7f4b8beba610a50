import Foundation
import OzenKit

/// A Whisper model that frees itself after minutes with no decode and loads again at the next
/// one (`ozen serve --unload-after MINUTES`, as the reference home server does): a home computer
/// that serves the phone all day should not hold the model's memory while nobody talks. The
/// next decode waits for the load (about half a second for base here) while its audio waits in
/// the stream's inbox, so nothing said is lost; a phone's `ready` is never held back by it.
public final class IdleUnloadingRecognizer: SpeechRecognizer, Sendable {
    public let model: InstalledModel
    public let settings: WhisperRecognizer.Settings
    /// Seconds without a decode after which the model is freed.
    public let idleSeconds: Double
    /// Called after each unload (the server gives the freed memory back to the system).
    private let unloaded: @Sendable () -> Void

    private struct State {
        var loaded: WhisperRecognizer?
        var inFlight = 0
        var lastUsed = ProcessInfo.processInfo.systemUptime
        var stopped = false
        var loads = 0
        var unloads = 0
    }

    private let state: WaitableMutex<State>
    public var loads: Int { state.withLock { $0.loads } }
    public var unloads: Int { state.withLock { $0.unloads } }

    /// Loads the model now (so a broken file is said at start), then frees it after `idleSeconds`.
    public init(model: InstalledModel, settings: WhisperRecognizer.Settings, idleSeconds: Double,
                unloaded: @escaping @Sendable () -> Void = {}) throws {
        self.model = model
        self.settings = settings
        self.idleSeconds = idleSeconds
        self.unloaded = unloaded
        state = WaitableMutex(State(loaded: try WhisperRecognizer(model: model, settings: settings), loads: 1))
        let thread = Thread { [weak self] in self?.watch() }
        thread.name = "ozen-model-unload"
        thread.start()
    }

    deinit { stop() }

    /// Whether the model is in memory now.
    public var isLoaded: Bool { state.withLock { $0.loaded != nil } }

    public func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript {
        let whisper = try take()
        defer { give() }
        return try whisper.transcribe(samples, options: options)
    }

    public func tokenCount(_ text: String) -> Int {
        guard let whisper = try? take() else { return text.utf8.count / 3 }
        defer { give() }
        return whisper.tokenCount(text)
    }

    /// Stops watching (the model stays as it is).
    public func stop() {
        state.withLock { $0.stopped = true; state.broadcast() }
    }

    private func take() throws -> WhisperRecognizer {
        try state.withLock { state in
            if state.loaded == nil {
                state.loaded = try WhisperRecognizer(model: model, settings: settings)
                state.loads += 1
            }
            state.inFlight += 1
            return state.loaded!
        }
    }

    private func give() {
        state.withLock {
            $0.inFlight -= 1
            $0.lastUsed = ProcessInfo.processInfo.systemUptime
        }
    }

    /// Frees the model once nothing decoded for `idleSeconds`, looking a few times per period.
    private func watch() {
        let step = max(0.05, min(15, idleSeconds / 4))
        while true {
            if state.withLock({ $0.stopped }) { return }
            // Only `stop` broadcasts: the wait ends at the step's end or at the stop.
            let freed = state.withLock(waitingUntil: Date().addingTimeInterval(step), for: { $0.stopped }) { state in
                guard state.loaded != nil, state.inFlight == 0,
                      ProcessInfo.processInfo.systemUptime - state.lastUsed >= idleSeconds else { return false }
                state.loaded = nil
                state.unloads += 1
                return true
            }
            if freed { unloaded() }
        }
    }
}
