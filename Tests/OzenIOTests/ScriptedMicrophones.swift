import Foundation
import OzenIO
import OzenKit

/// A stand-in for the sound system where a real part cannot fail on demand: microphones are
/// plugged in and out, refuse to open, or fall silent when a test says so. The audio they
/// deliver is real (the tests play recordings through them).
final class ScriptedMicrophones: MicrophoneSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var connected: [MicrophoneDevice]
    private var refusals: [InputProblem] = []
    private(set) var openedNames: [String] {
        get { lock.withLock { storedOpened } }
        set { lock.withLock { storedOpened = newValue } }
    }
    private var storedOpened: [String] = []
    private var streams: [ScriptedStream] = []

    init(_ devices: [MicrophoneDevice]) { connected = devices }

    static func device(_ index: Int, _ name: String, isDefault: Bool = false, rate: Double = 16_000) -> MicrophoneDevice {
        MicrophoneDevice(index: index, name: name, hostAPI: "ALSA", channels: 1, defaultSampleRate: rate, isDefault: isDefault)
    }

    func devices() throws(InputProblem) -> [MicrophoneDevice] { lock.withLock { connected } }

    func open(_ device: MicrophoneDevice, sampleRate: Double,
              deliver: @escaping @Sendable ([Float]) -> Void) throws(InputProblem) -> any OpenMicrophone {
        lock.lock()
        defer { lock.unlock() }
        storedOpened.append(device.name)
        if !refusals.isEmpty { throw refusals.removeFirst() }
        guard connected.contains(where: { $0.name == device.name }) else { throw .microphoneDisconnected(name: device.name) }
        let stream = ScriptedStream(name: device.name, deliver: deliver)
        streams.append(stream)
        return stream
    }

    /// The next opens fail with these problems, in order.
    func refuse(_ problems: [InputProblem]) { lock.withLock { refusals += problems } }

    /// The microphone goes away: its stream stops and it leaves the list.
    func unplug(_ name: String) {
        lock.lock()
        connected.removeAll { $0.name == name }
        let gone = streams.filter { $0.name == name }
        lock.unlock()
        for stream in gone { stream.stopByItself() }
    }

    func plugIn(_ device: MicrophoneDevice) { lock.withLock { connected.append(device) } }

    /// The newest stream opened on `name`.
    func stream(_ name: String) -> ScriptedStream? { lock.withLock { streams.last { $0.name == name } } }
}

final class ScriptedStream: OpenMicrophone, @unchecked Sendable {
    let name: String
    private let deliver: @Sendable ([Float]) -> Void
    private let lock = NSLock()
    private var running = true
    private(set) var closed = false

    init(name: String, deliver: @escaping @Sendable ([Float]) -> Void) {
        self.name = name
        self.deliver = deliver
    }

    var isRunning: Bool { lock.withLock { running } }

    func close() { lock.withLock { running = false; closed = true } }

    func stopByItself() { lock.withLock { running = false } }

    /// Delivers `samples` in pieces of `piece` (100 ms at 16 kHz), as a microphone's callbacks would.
    func play(_ samples: [Float], piece: Int = 1_600) {
        for start in stride(from: 0, to: samples.count, by: piece) where isRunning {
            deliver(Array(samples[start..<min(start + piece, samples.count)]))
        }
    }
}

/// Statuses a microphone reported, for tests to wait on.
final class StatusLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [CaptionStatus] = []

    var all: [CaptionStatus] { lock.withLock { stored } }
    func add(_ status: CaptionStatus) { lock.withLock { stored.append(status) } }

    /// Waits (up to a generous deadline, not a measured time) until `condition` holds.
    @discardableResult
    func wait(upTo seconds: Double = 20, until condition: ([CaptionStatus]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(all) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition(all)
    }
}

extension LiveAudioInbox {
    /// Takes what arrives until `count` samples came or `seconds` passed.
    func collect(_ count: Int, upTo seconds: Double = 20) -> [Float] {
        var samples: [Float] = []
        let deadline = Date().addingTimeInterval(seconds)
        while samples.count < count, Date() < deadline {
            samples += take(waitingUpTo: 0.05).samples
        }
        return samples
    }

    /// Takes what arrives until at least `count` samples came and then nothing more for
    /// `quiet` seconds, or `seconds` passed.
    func collectUntilQuiet(atLeast count: Int, quiet: Double = 0.5, upTo seconds: Double = 20) -> [Float] {
        var samples: [Float] = []
        let deadline = Date().addingTimeInterval(seconds)
        var lastArrival = Date()
        while Date() < deadline {
            let more = take(waitingUpTo: 0.05).samples
            if !more.isEmpty {
                samples += more
                lastArrival = Date()
            } else if samples.count >= count, Date().timeIntervalSince(lastArrival) >= quiet {
                break
            }
        }
        return samples
    }
}
