import Foundation
import OzenKit

/// What this computer plays (a video call, a video, a radio stream) as a source of captions:
/// each output's monitor, through the sound server (`SoundServer`), offered to `MicrophoneInput`
/// like a microphone, so the same recovery, resampling and pipeline serve both.
///
/// Microphones stay on PortAudio (`PortAudioMicrophones`): it reaches them through ALSA with
/// or without a sound server (a bare console, a server for the phone app), and the
/// microphone tests run there. Monitors exist only in the sound server, so this is its client.
public struct ComputerSound: MicrophoneSystem {
    public let server: SoundServer

    public init(server: SoundServer = SoundServer()) {
        self.server = server
    }

    /// Nothing playing is exact zeros on a monitor: quiet, not a dead stream.
    public var zerosMeanQuiet: Bool { true }

    public func missing(_ choice: MicrophoneChoice) -> InputProblem {
        if case .systemDefault = choice { return .outputMissing(name: nil) }
        return .outputMissing(name: choice.description)
    }

    /// One entry per output, numbered by the server; the name is the output's description, by
    /// which it is found again after the server restarts.
    public func devices() throws(InputProblem) -> [MicrophoneDevice] {
        try server.outputs().map { output in
            MicrophoneDevice(index: output.index, name: output.description, hostAPI: Self.apiName, channels: output.channels,
                             defaultSampleRate: Double(output.sampleRate), isDefault: output.isDefault, address: output.monitor)
        }
    }

    public func open(_ device: MicrophoneDevice, sampleRate: Double,
                     deliver: @escaping @Sendable ([Float]) -> Void) throws(InputProblem) -> any OpenMicrophone {
        try MonitorStream(server: server.address, monitor: device.address ?? device.name, name: device.name,
                          sampleRate: Int(sampleRate.rounded()), deliver: deliver)
    }

    /// How `ozen devices` names where these come from.
    public static let apiName = "PulseAudio"
}
