import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// What the computer plays, heard through a real PulseAudio server (`TestSoundServer`): its
/// outputs listed with their monitors, a recording played into one with `paplay` arriving
/// whole in the caption inbox, quiet that is not a dead stream, a server that is not there or
/// dies and comes back.
@Suite(.serialized) struct ComputerSoundTests {
    static func settings() -> MicrophoneInput.Settings {
        var settings = MicrophoneInput.Settings.default
        settings.retry = RetrySchedule(firstDelay: 0.2, longestDelay: 0.5, healthyAfter: 5)
        // The default limit: an idle null output's monitor sends its first audio after up to
        // about 1.4 s (the rest of the block it was rendering), then every 20 ms.
        settings.lookInterval = 0.2
        return settings
    }

    /// Takes from `inbox` until `player` has ended and `after` seconds more have arrived.
    static func heard(_ inbox: LiveAudioInbox, while player: Process, after: Double = 0.5, upTo seconds: Double = 30) -> [Float] {
        var samples: [Float] = []
        let deadline = Date().addingTimeInterval(seconds)
        var endedAt: Date?
        while Date() < deadline {
            samples += inbox.take(waitingUpTo: 0.05).samples
            if endedAt == nil, !player.isRunning { endedAt = Date() }
            if let endedAt, Date().timeIntervalSince(endedAt) >= after { break }
        }
        return samples
    }

    /// The best normalised correlation of `heard` and `played`, each from its first sound, over
    /// lags of up to 10 ms either way (the two resamplings shift it a little).
    static func likeness(_ heard: [Float], _ played: [Float]) -> Double {
        guard let h0 = heard.firstIndex(where: { abs($0) > 0.001 }), let p0 = played.firstIndex(where: { abs($0) > 0.001 }) else { return 0 }
        let length = min(heard.count - h0, played.count - p0) - 200
        guard length > 16_000 else { return 0 }
        var best = 0.0
        for lag in -160...160 {
            var dot = 0.0, a = 0.0, b = 0.0
            for i in stride(from: 200, to: length, by: 2) {
                let x = Double(heard[h0 + i + lag]), y = Double(played[p0 + i])
                dot += x * y; a += x * x; b += y * y
            }
            if a > 0, b > 0 { best = max(best, dot / (a * b).squareRoot()) }
        }
        return best
    }

    @Test func eachOutputIsListedWithItsMonitorAndTheDefaultMarked() throws {
        let server = try TestSoundServer(outputs: ["call", "speakers"])
        let outputs = try SoundServer(address: server.address).outputs()
        #expect(outputs.map(\.description) == ["call", "speakers"])
        #expect(outputs.map(\.monitor) == ["call.monitor", "speakers.monitor"])
        #expect(outputs.map(\.isDefault) == [true, false])
        let devices = try ComputerSound(server: SoundServer(address: server.address)).devices()
        #expect(devices.map(\.hostAPI) == ["PulseAudio", "PulseAudio"])
        #expect(devices.allSatisfy { $0.defaultSampleRate >= 32_000 && $0.channels >= 1 })
        // Picked by word, name or number, as `--device` does.
        #expect(SourceChoice("computer") == SourceChoice(kind: .computer, device: .systemDefault))
        #expect(SourceChoice("computer:speak").device.find(in: devices)?.name == "speakers")
        #expect(SourceChoice("Computer:\(devices[1].index)").device.find(in: devices)?.name == "speakers")
        #expect(SourceChoice("computer").device.find(in: devices)?.name == "call")
        #expect(SourceChoice("USB") == SourceChoice(kind: .microphone, device: .name("USB")))
        #expect(SourceChoice(nil) == SourceChoice(kind: .microphone, device: .systemDefault))
    }

    @Test func aRecordingPlayedIntoAnOutputArrivesWhole() throws {
        let server = try TestSoundServer()
        let inbox = LiveAudioInbox()
        let input = try MicrophoneInput(choice: .systemDefault, settings: Self.settings(),
                                        system: ComputerSound(server: SoundServer(address: server.address)))
        let statuses = StatusLog()
        try input.start(into: inbox) { statuses.add($0) }
        defer { input.stop() }
        #expect(input.device.name == "call")
        let jfk = try WAVDecoder().read(path: Fixtures.jfk.path)
        let player = try server.play(Fixtures.jfk.path)
        let heard = Self.heard(inbox, while: player)
        // Played at its real pace: the whole recording arrived, at 16 kHz, the same sound.
        let voiced = heard.count - (heard.firstIndex { abs($0) > 0.001 } ?? heard.count)
        #expect(voiced >= jfk.samples.count - 1_600, "\(voiced) samples after the first sound, \(jfk.samples.count) played")
        #expect(Self.likeness(heard, jfk.samples) > 0.95)
        #expect(inbox.takeWide(matching: heard.count).contains { $0 != 0 }, "the sound alerts' 32 kHz copy")
        // Quiet before and after the recording (exact zeros, longer than the 3 s limit) is no dead stream.
        #expect(!statuses.all.contains { if case .retrying = $0 { return true } else { return false } }, "\(statuses.all)")
    }

    @Test func noServerOrNoSuchOutputSaysWhatToDo() throws {
        let nowhere = ComputerSound(server: SoundServer(address: "unix:/nonexistent/ozen-native", timeout: 2))
        #expect {
            try MicrophoneInput(choice: .systemDefault, settings: Self.settings(), system: nowhere)
        } throws: { error in
            guard case InputProblem.soundServerUnreachable = error else { return false }
            let text = "\(error)"
            return text.contains("/nonexistent/ozen-native") && text.contains("PULSE_SERVER") && (error as? InputProblem)?.needsPerson == true
        }
        let server = try TestSoundServer()
        let there = ComputerSound(server: SoundServer(address: server.address))
        #expect(throws: InputProblem.outputMissing(name: "tv")) {
            try MicrophoneInput(choice: .name("tv"), settings: Self.settings(), system: there)
        }
        #expect(InputProblem.outputMissing(name: "tv").description
            == "this computer has no sound output called 'tv' — pick one from `ozen devices`")
    }

    @Test func aServerThatDiesIsWaitedForAndHeardAgain() throws {
        let server = try TestSoundServer()
        let inbox = LiveAudioInbox()
        let input = try MicrophoneInput(choice: .systemDefault, settings: Self.settings(),
                                        system: ComputerSound(server: SoundServer(address: server.address, timeout: 1)))
        let statuses = StatusLog()
        try input.start(into: inbox) { statuses.add($0) }
        defer { input.stop() }
        _ = inbox.take(waitingUpTo: 1)
        server.stop()
        #expect(statuses.wait(upTo: 10) { $0.contains { if case .retrying = $0 { return true } else { return false } } }, "\(statuses.all)")
        try server.start()
        #expect(statuses.wait(upTo: 15) { $0.last == .listening }, "\(statuses.all)")
        // Heard again: a recording played now arrives.
        _ = inbox.take(waitingUpTo: 0.1)
        let player = try server.play(Fixtures.jfk.path)
        let heard = Self.heard(inbox, while: player)
        #expect(heard.contains { abs($0) > 0.05 })
    }
}
