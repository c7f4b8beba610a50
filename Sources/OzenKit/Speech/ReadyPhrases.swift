import Foundation

/// A sentence she can say with one touch, and how the voice should read it.
public struct ReadyPhrase: Codable, Sendable, Equatable {
    /// What she sees in the list.
    public var text: String
    /// What the voice reads, when that differs from `text` (the built-in Hebrew phrases are
    /// pointed, so eSpeak says their vowels); nil: the text as written.
    public var spoken: String?

    public init(text: String, spoken: String? = nil) {
        self.text = text
        self.spoken = spoken
    }

    public var toSay: String { spoken ?? text }
}

/// Her ready-made phrases, Hebrew first, numbered from 1 as `ozen say phrases` lists them.
///
/// The built-in ones are what a person with hearing loss says most in a conversation: asking
/// for a moment, for a repeat, and for the speaker to come closer to the microphone (the one
/// that helps the captions most: Whisper's errors climb as the voice gets fainter). Kept in
/// `$OZEN_HOME/phrases.json` (0600) once she saves one of her own; until then the built-in list.
public struct ReadyPhrases: Codable, Sendable, Equatable {
    public private(set) var phrases: [ReadyPhrase]

    public init(phrases: [ReadyPhrase] = ReadyPhrases.builtIn) { self.phrases = phrases }

    public static let builtIn: [ReadyPhrase] = [
        ReadyPhrase(text: "רגע, לא הבנתי", spoken: "רֶגַע, לֹא הֵבַנְתִּי"),
        ReadyPhrase(text: "אפשר לחזור על זה?", spoken: "אֶפְשָׁר לַחֲזוֹר עַל זֶה?"),
        ReadyPhrase(text: "דברו קרוב יותר למיקרופון", spoken: "דַּבְּרוּ קָרוֹב יוֹתֵר לַמִּיקְרוֹפוֹן"),
        ReadyPhrase(text: "Sorry, I didn't understand."),
        ReadyPhrase(text: "Could you say that again?"),
        ReadyPhrase(text: "Please speak closer to the microphone."),
    ]

    public static func path(in home: OzenHome) -> String { home.path + "/phrases.json" }

    /// The saved list; the built-in one when she has saved none.
    public static func load(from path: String) throws(SpeechStoreError) -> ReadyPhrases {
        guard FileManager.default.fileExists(atPath: path) else { return ReadyPhrases() }
        guard let data = FileManager.default.contents(atPath: path),
              let list = try? JSONDecoder().decode(ReadyPhrases.self, from: data) else {
            throw .unreadable(path: path)
        }
        return list
    }

    public func save(to path: String) throws(SpeechStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { throw .notWritable(path: path) }
        try PrivateFile.write(data, to: path)
    }

    /// Phrase `number`, counting from 1.
    public func phrase(number: Int) throws(SpeechStoreError) -> ReadyPhrase {
        guard number >= 1, number <= phrases.count else {
            throw .noSuchPhrase(number: number, count: phrases.count)
        }
        return phrases[number - 1]
    }

    /// What the voice should read for `sentence`: a phrase's spoken form when the sentence is
    /// one of the phrases (so `--again` on a pointed Hebrew phrase is said as well as the first
    /// time), otherwise the sentence itself.
    public func spokenForm(of sentence: String) -> String {
        phrases.first { Self.same($0.text, sentence) }?.toSay ?? sentence
    }

    static func same(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == b.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Adds `text` at the end and returns its number; a phrase already in the list (same words,
    /// ignoring spaces at the ends and letter case) is not added twice.
    @discardableResult
    public mutating func add(_ text: String) throws(SpeechStoreError) -> Int {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .emptySentence }
        if let i = phrases.firstIndex(where: { Self.same($0.text, text) }) { return i + 1 }
        phrases.append(ReadyPhrase(text: text))
        return phrases.count
    }
}
