/// One audio input the system offers, as `ozen devices` lists it: a microphone, or the
/// monitor of what one of the computer's outputs plays (`ComputerSound`).
///
/// `index` is only valid until the device list changes (a microphone plugged in or out);
/// `name` is what finds the same microphone again after it comes back.
public struct MicrophoneDevice: Sendable, Equatable {
    /// PortAudio's device number in the current list.
    public var index: Int
    public var name: String
    /// The sound system it comes through ("ALSA", "JACK Audio Connection Kit").
    public var hostAPI: String
    /// Input channels it offers.
    public var channels: Int
    /// The sample rate it runs at unless asked otherwise, in Hz.
    public var defaultSampleRate: Double
    /// The system's default input device.
    public var isDefault: Bool
    /// The sound system's own name for it where that is not `name` (an output's monitor
    /// source, `alsa_output….monitor`); nil for PortAudio's devices, opened by name.
    public var address: String?

    public init(index: Int, name: String, hostAPI: String, channels: Int, defaultSampleRate: Double, isDefault: Bool,
                address: String? = nil) {
        self.index = index
        self.name = name
        self.hostAPI = hostAPI
        self.channels = channels
        self.defaultSampleRate = defaultSampleRate
        self.isDefault = isDefault
        self.address = address
    }
}
