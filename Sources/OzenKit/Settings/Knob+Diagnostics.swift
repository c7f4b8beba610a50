/// The knobs for looking into a problem.
extension Knob {
    /// The sound system's own messages.
    public static let audioDebug = Knob("OZEN_AUDIO_DEBUG",
        meaning: "Shows the ALSA and JACK messages about missing sound cards that PortAudio prints as it starts.",
        rule: .present, defaultValue: "unset: the messages are kept off her terminal")
}
