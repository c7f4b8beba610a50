import OzenKit

/// Where microphones come from: PortAudio on a real machine (`PortAudioMicrophones`), the sound
/// server's monitors of what the computer plays (`ComputerSound`), a
/// scripted stand-in in tests of what cannot fail on demand (a microphone unplugged and
/// plugged back in).
public protocol MicrophoneSystem: Sendable {
    /// The input devices connected now, read afresh from the system.
    func devices() throws(InputProblem) -> [MicrophoneDevice]
    /// Opens `device` and starts it. `deliver` is called on the audio thread with mono
    /// samples at `sampleRate` and must not block.
    func open(_ device: MicrophoneDevice, sampleRate: Double,
              deliver: @escaping @Sendable ([Float]) -> Void) throws(InputProblem) -> any OpenMicrophone
    /// Whether exact zeros are ordinary quiet (a monitor while nothing plays) rather than a
    /// muted or stuck microphone (`SilentInputWatch`).
    var zerosMeanQuiet: Bool { get }
    /// What to tell her when `choice` is not among the devices.
    func missing(_ choice: MicrophoneChoice) -> InputProblem
}

extension MicrophoneSystem {
    public var zerosMeanQuiet: Bool { false }

    public func missing(_ choice: MicrophoneChoice) -> InputProblem {
        if case .systemDefault = choice { return .noMicrophone }
        return .microphoneMissing(name: choice.description)
    }
}

/// A microphone stream that is running, or was until it stopped by itself.
public protocol OpenMicrophone: AnyObject, Sendable {
    /// False once the stream stopped on its own (the device went away, the driver failed).
    var isRunning: Bool { get }
    /// Stops the stream and lets the device go. Calling it twice is harmless.
    func close()
}
