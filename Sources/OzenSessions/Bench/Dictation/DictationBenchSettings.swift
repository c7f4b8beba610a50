import OzenKit

/// What `ozen bench dictate` replays as takes, and what it adds.
public struct DictationBenchSettings: Sendable {
    public var language: SpokenLanguage
    /// Recordings' paths, each a take (cut at 60 s).
    public var recordings: [String]
    /// Also polish with the configured provider (`--llm`).
    public var llm: Bool
    /// Replayed at the speed they were spoken (not with `--no-realtime`).
    public var realtime: Bool
    /// Also 30 s and 60 s takes joined from the recordings (`--join`).
    public var join: Bool
    /// Each take's transcript, raw and offline text (`--texts`).
    public var showsTexts: Bool
    /// Each take replayed again without the quick stop, for the ratio (`--baseline`).
    public var baseline: Bool
    /// Seconds of silence before each take's stop, 0 to 5 (checked when the takes are read;
    /// negative when the argument was not a number).
    public var quietBeforeStop: Double

    public init(language: SpokenLanguage, recordings: [String], llm: Bool, realtime: Bool, join: Bool, showsTexts: Bool,
                baseline: Bool, quietBeforeStop: Double) {
        self.language = language
        self.recordings = recordings
        self.llm = llm
        self.realtime = realtime
        self.join = join
        self.showsTexts = showsTexts
        self.baseline = baseline
        self.quietBeforeStop = quietBeforeStop
    }
}
