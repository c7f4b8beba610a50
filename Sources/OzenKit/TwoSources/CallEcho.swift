/// The room's microphone hears the call too when the laptop's speakers play it: the rule that
/// tells such a repeat from her own words. A room line is the call said again when at least
/// `share` of its words were among the call's words shown while it was being said (each call
/// word counted once), or when the call said at least as many words as it has while it was
/// being said: the two recognizers often hear the same sound differently (under load the call's
/// "ask not" was "Laat!" where the room's was "Ask not.", and the room's copy was captioned).
/// So her words said over the call's are dropped with its echo; said while the call is quiet,
/// they show. Words are compared as the word error rate compares them (lowercase, no
/// punctuation).
///
/// Times are the wall clock's (seconds, any origin), not the two streams' own: an output's
/// monitor starts later than a microphone and sends nothing while its output is suspended, so
/// the same moment has different audio times in the two (a second apart here, under a test
/// sound server). A room line that could still be the call (the call spoke while it could have
/// been said) is held until the call's words for that moment are in, at most `holdFor`.
///
/// Its numbers were not tuned on a measurement: they are wide margins on what was seen by hand
/// and are checked by `RoomAndCallTests` and `ComputerSoundCommandTests` on JFK played into the
/// room and the call. Under `ozen serve` the two streams take turns on the recognizer, and the
/// call's "Ask not." was shown more than 1.5 s after the room's; with a 1.5 s rule for "the
/// call is speaking" the room's copy was captioned (seen on the page, 2026-12-07).
public struct CallEcho: Sendable {
    /// Share of a room line's words that make it the call's.
    public var share: Double = 0.5
    /// A room line is compared with the call's words shown from this long before it began
    /// (its length back from when it locked, plus this) until now.
    public var lookBack: Double = 5
    /// How far back from a room line's own length the call's words count as said over it.
    public var overlap: Double = 2
    /// A room line that might be the call waits at most this long for the call's words.
    public var holdFor: Double = 4
    /// Seconds of the call kept to compare with.
    public var kept: Double = 60

    public init() {}

    /// What the call said, one entry per call line (or its latest partial), with when it was shown.
    struct Heard {
        var words: [String]
        var firstShown: Double
        var lastShown: Double
    }

    /// Whether `words`, locked at `lockedAt` after `seconds` of speech and checked at `now`,
    /// repeat what the call said.
    func repeats(words: [String], seconds: Double, lockedAt: Double, now: Double, heard: [Heard]) -> Bool {
        guard !words.isEmpty else { return false }
        let since = lockedAt - seconds - lookBack
        var pool: [String: Int] = [:]
        for entry in heard where entry.lastShown >= since {
            for word in entry.words { pool[word, default: 0] += 1 }
        }
        var matched = 0
        for word in words where (pool[word] ?? 0) > 0 {
            pool[word]! -= 1
            matched += 1
        }
        if Double(matched) >= share * Double(words.count) { return true }
        // As many words from the call while it was said: shown before the room line locked, and
        // not before its own length and `overlap` back (what the call said after it is not its echo).
        let during = heard.filter { $0.firstShown <= lockedAt && $0.lastShown >= lockedAt - seconds - overlap }
            .reduce(0) { $0 + $1.words.count }
        return during >= words.count
    }

    /// Whether the call's words changed while a room stretch of `seconds`, ending now, could
    /// have been said (0 for a partial still growing: the last `lookBack` seconds).
    func callSpeaks(during seconds: Double, now: Double, heard: [Heard]) -> Bool {
        heard.contains { $0.lastShown >= now - seconds - lookBack }
    }
}
