import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// The microphone comes back by itself: unplugged and plugged in again, failing to open,
/// falling silent. What only a person can fix stops at once and says what to do.
@Suite struct MicrophoneRecoveryTests {
    static let usb = ScriptedMicrophones.device(0, "USB Audio Device")
    static let builtIn = ScriptedMicrophones.device(1, "Built-in Audio", isDefault: true)

    /// Quick enough for a test: 10 ms first retry, 0.3 s of silence, looks every 50 ms.
    static func settings(fallback: Bool = false) -> MicrophoneInput.Settings {
        MicrophoneInput.Settings(retry: RetrySchedule(firstDelay: 0.01, longestDelay: 0.08, healthyAfter: 30),
                                 silenceLimit: 0.3, lookInterval: 0.05, checkInterval: 0.01, fallbackToDefault: fallback)
    }

    @Test func anUnpluggedMicrophoneIsPickedUpAgainByName() throws {
        let speech = try WAVDecoder().read(path: Fixtures.jfk.path).samples
        let half = speech.count / 2
        let system = ScriptedMicrophones([Self.usb, Self.builtIn])
        let log = StatusLog()
        let inbox = LiveAudioInbox()
        let input = try MicrophoneInput(choice: .name("USB"), settings: Self.settings(), system: system)
        try input.start(into: inbox) { log.add($0) }
        defer { input.stop() }

        system.stream("USB Audio Device")?.play(Array(speech[..<half]))
        let before = inbox.collect(half)
        system.unplug("USB Audio Device")
        let gone = InputProblem.microphoneDisconnected(name: "USB Audio Device").reason
        #expect(log.wait { $0.contains { if case .retrying(gone, _) = $0 { return true } else { return false } } })
        // Plugged into another port: another index, the same name.
        system.plugIn(ScriptedMicrophones.device(4, "USB Audio Device"))
        #expect(log.wait { $0.last == .listening })
        system.stream("USB Audio Device")?.play(Array(speech[half...]))
        let after = inbox.collect(speech.count - half)

        #expect(before + after == speech)
        #expect(!system.openedNames.contains("Built-in Audio"))
        #expect(input.device.index == 4)
        let states = log.all.map(\.state)
        #expect(states.first == "opening_microphone")
        #expect(Array(states.suffix(2)) == ["opening_microphone", "listening"])
    }

    @Test func withFallbackTheDefaultMicrophoneTakesOver() throws {
        let system = ScriptedMicrophones([Self.usb, Self.builtIn])
        let log = StatusLog()
        let input = try MicrophoneInput(choice: .name("USB Audio Device"), settings: Self.settings(fallback: true), system: system)
        try input.start(into: LiveAudioInbox()) { log.add($0) }
        defer { input.stop() }
        system.unplug("USB Audio Device")
        #expect(log.wait { $0.contains(.openingMicrophone(device: "Built-in Audio")) && $0.last == .listening })
        #expect(input.device.name == "Built-in Audio")
    }

    @Test func aMicrophoneSendingOnlyZerosIsRestarted() throws {
        let system = ScriptedMicrophones([Self.usb])
        let log = StatusLog()
        let input = try MicrophoneInput(choice: .index(0), settings: Self.settings(), system: system)
        try input.start(into: LiveAudioInbox()) { log.add($0) }
        defer { input.stop() }
        let first = system.stream("USB Audio Device")
        // A muted microphone: callbacks keep coming, every sample exactly zero.
        let zeros = Thread {
            while first?.isRunning == true {
                first?.play([Float](repeating: 0, count: 1_600))
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        zeros.start()
        #expect(log.wait { $0.contains { if case .retrying(let reason, _) = $0 { return reason.contains("digital silence") } else { return false } } })
        #expect(log.wait { $0.last == .listening })
        #expect(first?.closed == true)
        #expect(system.openedNames.count == 2)
    }

    @Test func aMicrophoneThatStopsDeliveringIsRestarted() throws {
        let system = ScriptedMicrophones([Self.usb])
        let log = StatusLog()
        let input = try MicrophoneInput(choice: .index(0), settings: Self.settings(), system: system)
        try input.start(into: LiveAudioInbox()) { log.add($0) }
        defer { input.stop() }
        #expect(log.wait { $0.contains(.retrying(reason: InputProblem.microphoneStalled(name: "USB Audio Device", seconds: 0).reason, seconds: 0.01)) })
        #expect(log.wait { $0.last == .listening })
    }

    @Test func failingOpensAreRetriedWithGrowingDelays() throws {
        let system = ScriptedMicrophones([Self.usb])
        let busy = InputProblem.microphoneStopped(name: "USB Audio Device", detail: "Device or resource busy")
        system.refuse([busy, busy, busy, busy, busy])
        let log = StatusLog()
        let input = try MicrophoneInput(choice: .index(0), settings: Self.settings(), system: system)
        try input.start(into: LiveAudioInbox()) { log.add($0) }
        defer { input.stop() }
        #expect(log.wait { $0.last == .listening })
        let delays = log.all.compactMap { if case .retrying(_, let seconds) = $0 { return seconds } else { return nil } }
        #expect(delays == [0.01, 0.02, 0.04, 0.08, 0.08])
        #expect(system.openedNames.count == 6)
    }

    @Test func aMicrophoneThatIsNotThereIsNeverRetried() {
        let system = ScriptedMicrophones([Self.usb])
        #expect(throws: InputProblem.microphoneMissing(name: "nosuch")) {
            try MicrophoneInput(choice: .name("nosuch"), settings: Self.settings(), system: system)
        }
        #expect(throws: InputProblem.noMicrophone) {
            try MicrophoneInput(choice: .systemDefault, settings: Self.settings(), system: ScriptedMicrophones([]))
        }
        #expect(system.openedNames.isEmpty)
    }

    @Test func noPermissionStopsAtOnceAndSaysWhatToDo() throws {
        let system = ScriptedMicrophones([Self.usb])
        system.refuse([.microphoneForbidden(name: "USB Audio Device")])
        let input = try MicrophoneInput(choice: .index(0), settings: Self.settings(), system: system)
        #expect(throws: InputProblem.microphoneForbidden(name: "USB Audio Device")) {
            try input.start(into: LiveAudioInbox()) { _ in }
        }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(system.openedNames.count == 1)
    }

    @Test func permissionLostWhileRecoveringFailsInsteadOfRetrying() throws {
        let system = ScriptedMicrophones([Self.usb])
        let log = StatusLog()
        let input = try MicrophoneInput(choice: .index(0), settings: Self.settings(), system: system)
        try input.start(into: LiveAudioInbox()) { log.add($0) }
        defer { input.stop() }
        system.refuse([.microphoneForbidden(name: "USB Audio Device")])
        system.stream("USB Audio Device")?.stopByItself()
        let forbidden = InputProblem.microphoneForbidden(name: "USB Audio Device")
        #expect(log.wait { $0.last == .failed(reason: forbidden.reason, action: forbidden.action) })
        let opens = system.openedNames.count
        Thread.sleep(forTimeInterval: 0.2)
        #expect(system.openedNames.count == opens)
    }
}
