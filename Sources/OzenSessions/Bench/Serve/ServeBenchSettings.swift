import OzenKit

/// What `ozen bench serve` streams, and the server it starts.
public struct ServeBenchSettings: Sendable {
    public var language: SpokenLanguage
    /// The server's model (`--model`, base by default).
    public var model: String
    /// Whether the server tells speakers apart (not with `--no-speakers`).
    public var speakers: Bool
    /// Recordings' paths.
    public var recordings: [String]
    /// Whether the five-person table of `bench accuracy --table` is streamed too.
    public var table: Bool

    public init(language: SpokenLanguage, model: String, speakers: Bool, recordings: [String], table: Bool) {
        self.language = language
        self.model = model
        self.speakers = speakers
        self.recordings = recordings
        self.table = table
    }
}
