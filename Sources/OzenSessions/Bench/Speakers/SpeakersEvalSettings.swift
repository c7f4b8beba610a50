import OzenKit

/// What `ozen speakers eval` captions: the fixtures' table and call, or a table of other people.
public struct SpeakersEvalSettings: Sendable {
    /// `--table DIR`: one folder per person, up to `secondsEach` seconds of each.
    public struct People: Sendable {
        public var folder: String
        public var secondsEach: Double
        public init(folder: String, secondsEach: Double) {
            self.folder = folder
            self.secondsEach = secondsEach
        }
    }

    /// The recordings folder, known to exist (`FixturesFolder.checked`).
    public var fixtures: String
    public var seed: UInt64
    /// The table's language (the call is English).
    public var language: SpokenLanguage
    public var people: People?
    /// Seconds between turns.
    public var pauses: ClosedRange<Double>
    /// `--write-table FILE.wav`: the table saved as a recording, FILE.rttm beside it.
    public var writeTable: String?
    /// Each line with its label and who really spoke, on standard error.
    public var showsLines: Bool

    public init(fixtures: String, seed: UInt64, language: SpokenLanguage, people: People?, pauses: ClosedRange<Double>,
                writeTable: String?, showsLines: Bool) {
        self.fixtures = fixtures
        self.seed = seed
        self.language = language
        self.people = people
        self.pauses = pauses
        self.writeTable = writeTable
        self.showsLines = showsLines
    }
}
