/// A locked line heard again with no time pressure: its words replace the first ones in place.
///
/// The first lock comes from a final pass whose encoder window is sized to the utterance (its
/// audio + 256 frames), which keeps it quick; the correction decodes the line's own stretch as
/// the same model does offline (Whisper's full 30 s window, beam 5, temperature fallback, no
/// prompt). The display swaps the words without moving her place, the history keeps the
/// corrected words, `--json` writes a `corrected` event, and a phone gets a second final `text`
/// for the same utterance.
public struct LineCorrection: Sendable, Equatable {
    /// The line as corrected: same id, times and speaker, the new words.
    public var line: CaptionLine
    /// The words it locked with first.
    public var previous: String

    public init(line: CaptionLine, previous: String) {
        self.line = line
        self.previous = previous
    }

    var jsonFields: [(String, JSONValue)] {
        line.jsonFields + [("previous_text", .string(previous))]
    }
}
