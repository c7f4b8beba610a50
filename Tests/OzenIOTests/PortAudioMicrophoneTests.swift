import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// The real PortAudio path, with a real recording, on the tests' own ALSA devices
/// (`TestSoundCard`): listing, opening, 16-bit capture, resampling, the silence watch, and a
/// microphone that leaves the device list and comes back.
///
/// ALSA reads its configuration once per process through ALSA_CONFIG_PATH, so these tests
/// share one card and run one at a time.
@Suite(.serialized) struct PortAudioMicrophoneTests {
    static let card: TestSoundCard = {
        let card = try! TestSoundCard(devices: [.init(name: "ozen_test_mic", rate: 16_000),
                                                .init(name: "ozen_test_mic_48k", rate: 48_000),
                                                .init(name: "ozen_zeros", rate: 16_000, zeros: true)])
        setenv("ALSA_CONFIG_PATH", card.alsaConfigPath, 1)
        return card
    }()

    static func speech() throws -> [Float] { try WAVDecoder().read(path: Fixtures.jfk.path).samples }

    /// Stops `input`. The pipe is hung up first: a test device whose recording ran out
    /// waits in a read that closing the stream would otherwise wait for.
    static func stop(_ input: MicrophoneInput, _ device: String) throws {
        card.hangUp(device)
        input.stop()
        try card.reconnect(device)
    }

    /// Where `heard` first differs from `expected` ("sample N: got x, wanted y"), nil when it
    /// holds all of it, sample for sample. ALSA's file plugin may start the stream with one
    /// period of what its buffer held before (at most 4,096 samples here), so the recording
    /// is looked for from where its first 100 samples appear.
    static func firstDifference(_ heard: [Float], _ expected: [Float]) -> String? {
        // A stretch of speech to align on (the clip starts in near-silence).
        let anchor = expected.firstIndex { abs($0) > 0.01 } ?? 0
        let head = Array(expected[anchor..<min(expected.count, anchor + 100)])
        let latest = min(anchor + 4_096, heard.count - head.count)
        guard latest >= anchor, let found = (anchor...latest).first(where: { Array(heard[$0..<$0 + head.count]) == head })
        else { return "the recording's speech never arrived (\(heard.count) samples heard)" }
        let start = found - anchor
        let heard = Array(heard[start...])
        if let i = zip(heard, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "sample \(i) (after \(start) others): got \(heard[i]), wanted \(expected[i])"
        }
        return heard.count < expected.count ? "only \(heard.count) of \(expected.count) samples" : nil
    }

    @Test func theTestMicrophonesAreListed() throws {
        let card = Self.card
        let devices = try PortAudioMicrophones().devices()
        let mic = try #require(devices.first { $0.name == "ozen_test_mic" })
        #expect(mic.hostAPI == "ALSA")
        #expect(mic.channels >= 1)
        #expect(mic.defaultSampleRate == 16_000)
        #expect(devices.first { $0.name == "ozen_test_mic_48k" }?.defaultSampleRate == 48_000)
        #expect(devices.filter(\.isDefault).count == 1)
        _ = card
    }

    @Test func aRecordingComesThroughBitForBit() throws {
        let card = Self.card
        let speech = try Self.speech()
        card.play(TestSoundCard.pcm16(speech), on: "ozen_test_mic")
        let inbox = LiveAudioInbox()
        let input = try MicrophoneInput(choice: .name("ozen_test_mic"))
        try input.start(into: inbox) { _ in }
        let heard = inbox.collectUntilQuiet(atLeast: speech.count)
        try Self.stop(input, "ozen_test_mic")
        // The whole recording, sample for sample. (When the pipe runs dry, ALSA's file plugin
        // completes its last period with what its buffer held before: that tail is not compared.)
        #expect(heard.count >= speech.count)
        #expect(Self.firstDifference(heard, speech) == nil)
    }

    @Test func a48kHzMicrophoneIsBroughtTo16kHz() throws {
        let card = Self.card
        let speech = Array(try Self.speech().prefix(16_000 * 8))
        let at48 = Resampler(from: 16_000, to: 48_000).resample(speech)
        card.play(TestSoundCard.pcm16(at48), on: "ozen_test_mic_48k")
        let inbox = LiveAudioInbox()
        let input = try MicrophoneInput(choice: .name("ozen_test_mic_48k"))
        #expect(input.device.defaultSampleRate == 48_000)
        try input.start(into: inbox) { _ in }
        let heard = inbox.collect(speech.count - 100)
        try Self.stop(input, "ozen_test_mic_48k")
        #expect(heard.count >= speech.count - 100)
        // Up to 48 kHz and back loses only what lies above 7.6 kHz: the speech is intact.
        let n = min(heard.count, speech.count)
        let signal = speech[..<n].reduce(0.0) { $0 + Double($1 * $1) }
        let error = zip(heard[..<n], speech[..<n]).reduce(0.0) { $0 + Double(($1.0 - $1.1) * ($1.0 - $1.1)) }
        let snr = 10 * log10(signal / error)
        #expect(snr > 20, "signal to error \(snr) dB")
    }

    @Test func aMicrophoneSendingOnlyZerosIsRestarted() throws {
        let card = Self.card
        let log = StatusLog()
        let inbox = LiveAudioInbox()
        let input = try MicrophoneInput(choice: .name("ozen_zeros"))
        try input.start(into: inbox) { log.add($0) }
        let drained = Thread { while !inbox.isClosed { _ = inbox.take(waitingUpTo: 0.05) } }
        drained.start()
        let silent = InputProblem.microphoneSilent(name: "ozen_zeros", seconds: 3).reason
        let restarted = log.wait(upTo: 30) { statuses in
            guard let retry = statuses.firstIndex(where: { if case .retrying(silent, 1) = $0 { return true } else { return false } })
            else { return false }
            return statuses[retry...].contains(.listening)
        }
        input.stop()
        inbox.close()
        #expect(restarted, "statuses: \(log.all)")
    }

    @Test func aMicrophoneThatLeavesTheListIsFoundAgainByName() throws {
        let card = Self.card
        let speech = try Self.speech()
        let half = 16_000 * 5
        var settings = MicrophoneInput.Settings.default
        settings.silenceLimit = 1
        settings.lookInterval = 0.2
        let log = StatusLog()
        let inbox = LiveAudioInbox()
        card.play(TestSoundCard.pcm16(Array(speech[..<half])), on: "ozen_test_mic")
        let input = try MicrophoneInput(choice: .name("ozen_test_mic"), settings: settings)
        try input.start(into: inbox) { log.add($0) }
        let before = inbox.collectUntilQuiet(atLeast: half)
        #expect(Self.firstDifference(before, Array(speech[..<half])) == nil)

        // Unplugged: it leaves the list, and its stream delivers nothing more.
        try card.remove("ozen_test_mic")
        let stalled = InputProblem.microphoneStalled(name: "ozen_test_mic", seconds: 1).reason
        #expect(log.wait(upTo: 30) { $0.contains { if case .retrying(stalled, _) = $0 { return true } else { return false } } })
        // The driver's pending read ends, as a vanished USB device's does.
        card.hangUp("ozen_test_mic")
        let gone = InputProblem.microphoneDisconnected(name: "ozen_test_mic").reason
        #expect(log.wait(upTo: 30) { $0.contains { if case .retrying(gone, _) = $0 { return true } else { return false } } })
        _ = inbox.take(waitingUpTo: 0)

        // Plugged back in: listed again, and the rest of the recording comes through it.
        try card.reconnect("ozen_test_mic")
        card.play(TestSoundCard.pcm16(Array(speech[half...])), on: "ozen_test_mic")
        try card.restore("ozen_test_mic")
        #expect(log.wait(upTo: 30) { $0.last == .listening })
        let after = inbox.collectUntilQuiet(atLeast: speech.count - half)
        try Self.stop(input, "ozen_test_mic")
        #expect(Self.firstDifference(after, Array(speech[half...])) == nil)
    }
}
