/// One closed sentence of the other person's speech and its English: what the interpreter
/// shows, the English large and the source small beneath it.
public struct SentenceTranslation: Sendable, Equatable {
    /// The id of the caption line the sentence is (a `revised` event refers to it).
    public var id: Int
    /// Seconds from the start of the recording.
    public var start: Double
    public var end: Double
    /// What was said, in the source language.
    public var source: String
    /// The source language's code ("sv", "fr").
    public var language: String
    public var english: String
    /// Which translator wrote `english` ("whisper", "llm").
    public var translator: String
    /// Whether earlier sentences were given as context (short sentences only, `InterpreterSettings`).
    public var usedContext: Bool
    /// Why the configured translator's answer was not used, when it was not (the fallback wrote it).
    public var fallbackReason: String?

    public init(id: Int, start: Double, end: Double, source: String, language: String, english: String,
                translator: String, usedContext: Bool, fallbackReason: String? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.source = source
        self.language = language
        self.english = english
        self.translator = translator
        self.usedContext = usedContext
        self.fallbackReason = fallbackReason
    }

    var jsonFields: [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [
            ("id", .int(id)),
            ("start", .number(start, decimals: 3)),
            ("end", .number(end, decimals: 3)),
            ("language", .string(language)),
            ("source", .string(source)),
            ("english", .string(english)),
            ("translator", .string(translator)),
            ("context", .bool(usedContext)),
        ]
        if let fallbackReason { fields.append(("fallback_reason", .string(fallbackReason))) }
        return fields
    }
}

/// What the second pass (a bigger model on her own computer) made of a sentence: when it heard
/// something different, the new source and English replace the first ones in place (`revised`);
/// when it agreed, the sentence just gets its check mark (`checked`).
public struct SentenceRevision: Sendable, Equatable {
    public var id: Int
    public var source: String
    public var english: String
    /// false: the second pass heard the same words; the first version stands, now checked.
    public var changed: Bool

    public init(id: Int, source: String, english: String, changed: Bool) {
        self.id = id
        self.source = source
        self.english = english
        self.changed = changed
    }

    var jsonFields: [(String, JSONValue)] {
        [("id", .int(id)), ("source", .string(source)), ("english", .string(english)), ("changed", .bool(changed))]
    }
}
