/// No loop on screen anywhere: the one rule every text Ozen shows or hands on passes, whoever
/// wrote it. Three kinds of loop are cut to one copy, and what people really repeat stays:
///
/// - inside a word, a unit of characters written over and over (`CharacterLoop`): the
///   interpreter's "1.5.1.1.1.1.1.1.1.1.1.1.1.1." for a one-word Russian prompt ("millionth");
/// - four words or more repeated straight after themselves, or a text that starts over at its
///   end (`RepetitionTrimmer`): LibriVox clip -0890's sentence written four times;
/// - one word from five copies, two or three from four (`ShortLoop`): base's Hebrew
///   "שלום, שאלום, שאלום, שאלום, שאלום, שאל". "no, no, no", "thank you, thank you",
///   "bye bye bye", "1.5 million" and "hahaha" stay.
///
/// The texts it guards, each where it is made (grep `LoopGuard`):
/// - caption partials and lines, on this computer or from cloud captions
///   (`CloudFinalsRecognizer` answers as the recognizer): every pass, in `PassCleanup`;
/// - the interpreter's English from any translator (Whisper's translate task, the LLM
///   translator, the fallback), in `Interpreter`, and Whisper's before its own repeat rule in
///   `WhisperTranslator`;
/// - the second pass's source and English, in `SecondLook`;
/// - dictation: the take stitched from its lines (`DictationText`: `ozen dictate`, the
///   dictation service, the page's microphone), which the local polish and "off" start from,
///   and an LLM's polish (`PolishPrompt.text(fromAnswer:)`);
/// - `ozen serve`'s transcription and translation answers (`TranscriptionAPI`), which are
///   also what another computer's second pass and cloud captions read.
///
/// The hallucination gate (`HallucinationGate`, `CompressionRatio`) stays with caption finals:
/// it drops a whole pass, which only the caption pipeline can redo or replace with what its
/// live passes heard.
public enum LoopGuard {
    /// What the rule keeps of a text's words.
    public struct Kept: Sendable, Equatable {
        /// Every word of the text, a loop inside it cut (as many as the text had).
        public var words: [String]
        /// Which of `words` stay, in order.
        public var kept: [Int]
        /// Whether a short loop or a loop inside a word was cut: a decode that did this is
        /// worth doing again (`FinalPassPolicy`). A long run repeated is trimmed without it.
        public var looped: Bool

        public var text: String { kept.map { words[$0] }.joined(separator: " ") }
        public var changed: Bool { looped || kept.count < words.count }
    }

    /// The rule over the words of one text (split at whitespace).
    public static func keep(_ said: [String]) -> Kept {
        let words = said.map(CharacterLoop.collapsed)
        let inWords = words != said
        var kept = RepetitionTrimmer.keptWords(of: words)
        let short = ShortLoop.keptWords(of: kept.map { words[$0] })
        let looped = short.count < kept.count
        if looped { kept = short.map { kept[$0] } }
        return Kept(words: words, kept: kept, looped: looped || inWords)
    }

    /// The text with its loops cut to one copy. Each line is guarded alone, and a line with no
    /// loop comes back exactly as it was (an LLM's list keeps its line breaks and spacing); a
    /// line that had one comes back with single spaces.
    public static func cleaned(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let result = keep(line.split(whereSeparator: { $0.isWhitespace }).map(String.init))
            return result.changed ? result.text : String(line)
        }.joined(separator: "\n")
    }

    /// The text as one line with single spaces, its loops cut: for a decoder's text, whose
    /// line breaks and spacing mean nothing.
    public static func cleanedLine(_ text: String) -> String {
        keep(text.split(whereSeparator: { $0.isWhitespace }).map(String.init)).text
    }

    public static func isPresent(in text: String) -> Bool { cleaned(text) != text }
}
