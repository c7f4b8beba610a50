/// The numbers of the interpreter, each with what chose it.
public struct InterpreterSettings: Sendable, Equatable {
    /// The other person's language: pinned, never guessed (Swedish by default).
    public var language: SpokenLanguage = .swedish
    /// A sentence of at most this many words is translated with the sentences before it as
    /// context. Tolk's blind scoring on 40 sentences: alone, "Tak, tak." came out "Ceiling,
    /// ceiling."; with context 8 short sentences got better and 4 worse, so longer ones go alone.
    public var contextUpToWords = 3
    /// How many earlier sentences are given, and how far back they may lie (seconds from the
    /// end of one to the start of the next): a sentence from minutes ago is no context.
    public var contextSentences = 2
    public var contextWithin: Double = 30
    /// Audio taken before and after a line's own times when it is translated: Whisper's word
    /// times are estimates, and a clipped first syllable changes the translation.
    public var padding: Double = 0.15
    /// Seconds of recent audio kept for translation (a line's audio is gone after this).
    public var keptAudio: Double = 120
    /// Sentences waiting for the second pass at most; past that the oldest keeps its first
    /// version, so a slow second computer never builds a backlog.
    public var reviewsWaitingAtMost = 8
    /// When the recording ends, how long to wait for the second pass's last answers (s).
    public var reviewWaitAtEnd: Double = 20

    public init(language: SpokenLanguage = .swedish) { self.language = language }
    public static let `default` = InterpreterSettings()
}
