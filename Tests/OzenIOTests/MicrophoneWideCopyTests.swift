import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// A microphone at 48 kHz is brought down once to 16 kHz for speech and once to 32 kHz for the
/// sound alerts; a session that hears no sounds (`--no-sounds`, interpret, dictation) gets no
/// 32 kHz copy made at all.
@Suite struct MicrophoneWideCopyTests {
    /// A real alarm clock recorded at 48 kHz, through a scripted 48 kHz microphone: what the
    /// inbox holds, speech and wide.
    static func delivered(_ settings: MicrophoneInput.Settings) throws -> (speech: [Float], wide: [Float]) {
        let alarm = try WAVDecoder().read(path: Fixtures.path("sounds/alarm-clock-elapsed.wav"))
        #expect(alarm.sampleRate == 48_000)
        let second = Array(alarm.samples.prefix(48_000))
        let system = ScriptedMicrophones([ScriptedMicrophones.device(0, "USB Audio Device", rate: 48_000)])
        let inbox = LiveAudioInbox()
        let input = try MicrophoneInput(choice: .name("USB"), settings: settings, system: system)
        try input.start(into: inbox) { _ in }
        defer { input.stop() }
        system.stream("USB Audio Device")?.play(second, piece: 4_800)
        let speech = inbox.collectUntilQuiet(atLeast: 15_000, quiet: 0.2)
        return (speech, inbox.takeWide(matching: speech.count))
    }

    @Test func soundsGetTheirOwn32kHzCopy() throws {
        let heard = try Self.delivered(.default)
        #expect(heard.speech.count > 15_000)
        #expect(abs(heard.wide.count - 2 * heard.speech.count) <= 64, "\(heard.wide.count) wide for \(heard.speech.count)")
        #expect(heard.wide.contains { $0 != 0 })
    }

    @Test func aSessionThatHearsNoSoundsGetsNoCopy() throws {
        let heard = try Self.delivered(.speechOnly)
        #expect(heard.speech.count > 15_000)
        #expect(heard.wide.isEmpty)
        // The speech is the same either way.
        #expect(heard.speech == (try Self.delivered(.default)).speech)
    }
}
