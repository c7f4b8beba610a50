import Foundation

/// Her names and words list: family, the doctor, the medicines — the words Whisper would
/// otherwise misspell. Kept in `$OZEN_HOME/words.txt`, one entry a line, most important first,
/// edited with `ozen words add|remove|list`. The top of the list primes the recognizer
/// through its prompt.
public struct WordsList: Sendable, Equatable {
    public private(set) var entries: [String]

    /// About 100 tokens: Ozen measured that a 60-name prompt cut 98 of 120 sentences short,
    /// because Whisper spends its context on the prompt (docs/findings.md, "Whisper's prompt").
    public static let promptTokenBudget = 100

    public init(entries: [String] = []) {
        self.entries = []
        for entry in entries { add(entry) }
    }

    public static func path(in home: OzenHome) -> String { home.path + "/words.txt" }

    /// Reads the list; a missing file is an empty list.
    public static func load(from path: String) throws -> WordsList {
        guard FileManager.default.fileExists(atPath: path) else { return WordsList() }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return WordsList(entries: text.split(whereSeparator: \.isNewline).map(String.init))
    }

    /// Writes the list atomically (a crash leaves the old list or the new one, never half).
    public func save(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try (entries.joined(separator: "\n") + (entries.isEmpty ? "" : "\n"))
            .write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Adds an entry at the end (surrounding spaces trimmed; a duplicate is not added twice).
    @discardableResult
    public mutating func add(_ entry: String) -> Bool {
        let trimmed = entry.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !entries.contains(where: { Self.same($0, trimmed) }) else { return false }
        entries.append(trimmed)
        return true
    }

    /// Puts an entry at the top, where the prompt reads first (moved there if already listed).
    public mutating func putFirst(_ entry: String) {
        let trimmed = entry.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        entries.removeAll { Self.same($0, trimmed) }
        entries.insert(trimmed, at: 0)
    }

    @discardableResult
    public mutating func remove(_ entry: String) -> Bool {
        let before = entries.count
        entries.removeAll { Self.same($0, entry.trimmingCharacters(in: .whitespaces)) }
        return entries.count < before
    }

    /// The prompt: entries from the top, comma-separated, while they fit the token budget.
    public func prompt(countingTokensWith count: (String) -> Int, budget: Int = promptTokenBudget) -> String? {
        var prompt = ""
        for entry in entries {
            let candidate = prompt.isEmpty ? entry : prompt + ", " + entry
            if count(candidate) > budget { break }
            prompt = candidate
        }
        return prompt.isEmpty ? nil : prompt
    }

    /// Whether `text` is only the list read back: two or more of its entries and nothing else.
    /// (A name said alone — her name called across the room — is speech, not a read-back.)
    public func isReadBack(_ text: String) -> Bool {
        let listWords = Set(entries.flatMap(Self.words))
        let words = Self.words(text)
        guard !words.isEmpty, words.allSatisfy(listWords.contains) else { return false }
        let found = entries.filter { Self.words($0).allSatisfy(words.contains) }
        return found.count >= 2
    }

    /// How many of `text`'s words are words of the list.
    public func listWordCount(in text: String) -> Int {
        let listWords = Set(entries.flatMap(Self.words))
        return Self.words(text).filter(listWords.contains).count
    }

    /// The share of `text`'s words that are words of the list (0…1): a prompted pass made mostly
    /// of them is more likely the prompt echoing than speech.
    public func shareOfListWords(in text: String) -> Double {
        let words = Self.words(text)
        guard !words.isEmpty else { return 0 }
        return Double(listWordCount(in: text)) / Double(words.count)
    }

    /// A text's words, normalised as the stabilizer compares them.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map { WordStabilizer.normalised(String($0)) }.filter { !$0.isEmpty }
    }

    static func same(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
    }
}
