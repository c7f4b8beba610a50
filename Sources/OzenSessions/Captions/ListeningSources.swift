import OzenIO
import OzenKit

/// What `--device` names for `ozen listen` and `ozen serve`, opened: one source (a microphone
/// or what the computer plays; none named is the default microphone), or the room and a call
/// together (two `--device`: one microphone and one of the computer's outputs).
public enum ListeningSources: Sendable {
    case one(MicrophoneInput)
    case roomAndCall(room: MicrophoneInput, call: MicrophoneInput)

    /// Opens what `devices` name with a microphone's usual settings: `fallbackToDefault` (the
    /// default microphone when the one named is gone), `widensForSounds` (a 32 kHz copy for the
    /// sound alerts).
    public static func open(_ devices: [String], fallbackToDefault: Bool, widensForSounds: Bool) throws -> ListeningSources {
        try open(devices, settings: settings(fallbackToDefault: fallbackToDefault, widensForSounds: widensForSounds))
    }

    /// One microphone or output that `device` names (nil: the default microphone), opened with
    /// a microphone's usual settings; one that is not there is the `InputProblem` that says so.
    public static func input(_ device: String?, fallbackToDefault: Bool, widensForSounds: Bool) throws -> MicrophoneInput {
        try MicrophoneInput(source: SourceChoice(device), settings: settings(fallbackToDefault: fallbackToDefault, widensForSounds: widensForSounds))
    }

    private static func settings(fallbackToDefault: Bool, widensForSounds: Bool) -> MicrophoneInput.Settings {
        var settings = MicrophoneInput.Settings.default
        settings.fallbackToDefault = fallbackToDefault
        settings.widensForSounds = widensForSounds
        return settings
    }

    /// Opens what `devices` name. A wrong pair is a `UsageError`; a device that is not there is
    /// the `InputProblem` that says so. The call's audio is not widened for the sound alerts:
    /// those are for the room.
    public static func open(_ devices: [String], settings: MicrophoneInput.Settings) throws -> ListeningSources {
        switch devices.count {
        case 0, 1:
            return .one(try MicrophoneInput(source: SourceChoice(devices.first), settings: settings))
        case 2:
            let choices = devices.map(SourceChoice.init)
            guard let room = choices.first(where: { $0.kind == .microphone }), let call = choices.first(where: { $0.kind == .computer }) else {
                throw UsageError(tr("שני --device הם מיקרופון אחד ומה שהמחשב מנגן (למשל --device default --device computer)",
                                    "two --device are one microphone and what the computer plays (for example --device default --device computer)"))
            }
            var callSettings = settings
            callSettings.widensForSounds = false
            callSettings.fallbackToDefault = false
            return .roomAndCall(room: try MicrophoneInput(source: room, settings: settings),
                                call: try MicrophoneInput(source: call, settings: callSettings))
        default:
            throw UsageError(tr("לכל היותר שני --device: מיקרופון ומה שהמחשב מנגן", "at most two --device: a microphone and what the computer plays"))
        }
    }
}
