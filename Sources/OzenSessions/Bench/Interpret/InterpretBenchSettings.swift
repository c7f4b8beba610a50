/// What `ozen bench interpret` replays, and how.
public struct InterpretBenchSettings: Sendable {
    /// Recordings' paths, each with its `conversation.tsv` beside it.
    public var recordings: [String]
    /// `--from`: the spoken language's code; each recording's folder name when nil.
    public var from: String?
    /// `--second-pass URL`: the second pass that checks or revises each sentence.
    public var secondPass: String?
    /// Replayed at the speed it was spoken (not with `--no-realtime`: the steady clock).
    public var realtime: Bool
    /// Each sentence with its reference, live and offline English (`--sentences`).
    public var showsSentences: Bool

    public init(recordings: [String], from: String?, secondPass: String?, realtime: Bool, showsSentences: Bool) {
        self.recordings = recordings
        self.from = from
        self.secondPass = secondPass
        self.realtime = realtime
        self.showsSentences = showsSentences
    }
}
