/// The room's microphone hears the call too when the laptop's speakers play it: the rule that
/// tells such a repeat from her own words. A room line is the call said again when at least
/// `share` of its words were among the call's words shown while it was being said (each call
/// word counted once). Words are compared as the word error rate compares them (lowercase, no
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

    /// Whether `words`, locked at `now` after `seconds` of speech, repeat what the call said.
    func repeats(words: [String], seconds: Double, now: Double, heard: [Heard]) -> Bool {
        guard !words.isEmpty else { return false }
        let since = now - seconds - lookBack
        var pool: [String: Int] = [:]
        for entry in heard where entry.lastShown >= since {
            for word in entry.words { pool[word, default: 0] += 1 }
        }
        var matched = 0
        for word in words where (pool[word] ?? 0) > 0 {
            pool[word]! -= 1
            matched += 1
        }
        return Double(matched) >= share * Double(words.count)
    }

    /// Whether the call's words changed while a room stretch of `seconds`, ending now, could
    /// have been said (0 for a partial still growing: the last `lookBack` seconds).
    func callSpeaks(during seconds: Double, now: Double, heard: [Heard]) -> Bool {
        heard.contains { $0.lastShown >= now - seconds - lookBack }
    }
}
