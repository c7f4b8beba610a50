import Foundation
import OzenKit

/// A Whisper model that frees itself after minutes with no decode and loads again at the next
/// one (`ozen serve --unload-after MINUTES`, as the reference home server does): a home computer
/// that serves the phone all day should not hold the model's memory while nobody talks. The
/// next decode waits for the load (about half a second for base here) while its audio waits in
/// the stream's inbox, so nothing said is lost; a phone's `ready` is never held back by it.
public final class IdleUnloadingRecognizer: SpeechRecognizer, @unchecked Sendable {
    public let model: InstalledModel
    public let settings: WhisperRecognizer.Settings
    /// Seconds without a decode after which the model is freed.
    public let idleSeconds: Double
    /// Called after each unload (the server gives the freed memory back to the system).
    private let unloaded: @Sendable () -> Void
    private let condition = NSCondition()
    private var loaded: WhisperRecognizer?
    private var inFlight = 0
    private var lastUsed = ProcessInfo.processInfo.systemUptime
    private var stopped = false
    public private(set) var loads = 0
    public private(set) var unloads = 0

    /// Loads the model now (so a broken file is said at start), then frees it after `idleSeconds`.
    public init(model: InstalledModel, settings: WhisperRecognizer.Settings, idleSeconds: Double,
                unloaded: @escaping @Sendable () -> Void = {}) throws {
        self.model = model
        self.settings = settings
        self.idleSeconds = idleSeconds
        self.unloaded = unloaded
        loaded = try WhisperRecognizer(model: model, settings: settings)
        loads = 1
        let thread = Thread { [weak self] in self?.watch() }
        thread.name = "ozen-model-unload"
        thread.start()
    }

    deinit { stop() }

    /// Whether the model is in memory now.
    public var isLoaded: Bool { condition.withLock { loaded != nil } }

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
        condition.withLock { stopped = true; condition.broadcast() }
    }

    private func take() throws -> WhisperRecognizer {
        condition.lock()
        defer { condition.unlock() }
        if loaded == nil {
            loaded = try WhisperRecognizer(model: model, settings: settings)
            loads += 1
        }
        inFlight += 1
        return loaded!
    }

    private func give() {
        condition.withLock {
            inFlight -= 1
            lastUsed = ProcessInfo.processInfo.systemUptime
        }
    }

    /// Frees the model once nothing decoded for `idleSeconds`, looking a few times per period.
    private func watch() {
        let step = max(0.05, min(15, idleSeconds / 4))
        while true {
            condition.lock()
            if stopped { condition.unlock(); return }
            _ = condition.wait(until: Date().addingTimeInterval(step))
            var freed = false
            if loaded != nil, inFlight == 0, ProcessInfo.processInfo.systemUptime - lastUsed >= idleSeconds {
                loaded = nil
                unloads += 1
                freed = true
            }
            condition.unlock()
            if freed { unloaded() }
        }
    }
}
