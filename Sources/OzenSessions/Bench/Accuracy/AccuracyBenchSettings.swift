import OzenKit

/// What `ozen bench accuracy` measures: the recordings, the table, which passes run and what
/// else is printed.
public struct AccuracyBenchSettings: Sendable {
    /// Which of the live passes and offline decodes run.
    public enum Passes: Sendable {
        /// The `--realtime` replay, file mode and the offline decodes.
        case all
        /// File mode and the offline decodes (`--no-realtime`).
        case noRealtime
        /// The `--realtime` replay alone (`--realtime-only`): latency A/Bs, several runs in a row.
        case realtimeOnly
        /// File mode alone (`--file-only`): the steady clock, the same lines every run.
        case fileOnly

        var replaysRealtime: Bool { self == .all || self == .realtimeOnly }
        var runsFileMode: Bool { self != .realtimeOnly }
        var decodesOffline: Bool { self == .all || self == .noRealtime }
    }

    /// The table of real people built from the fixtures.
    public struct Table: Sendable {
        /// `--fixtures`, or nil for `FixturesFolder.standard`.
        public var fixtures: String?
        public var seed: UInt64
        /// The table with the call too (not with `--clean-only`).
        public var withCall = true
        /// The tables the settings were chosen on (not with `--held-out-only`).
        public var tuned = true
        /// The held-out table too (`--held-out`): voices and texts no setting was chosen on.
        public var heldOut = false
        /// The long turns of the tuned voices too (`--long-turns`, `longTurnsTable`).
        public var longTurns = false
        public init(fixtures: String?, seed: UInt64) {
            self.fixtures = fixtures
            self.seed = seed
        }

        /// The tables the command's flags name; nil when none does. `tuned` (`--table`): the
        /// tables the settings were chosen on, the call among them unless `cleanOnly`;
        /// `heldOut` and `longTurns` add theirs, alone or beside; `heldOutOnly` leaves the
        /// tuned ones out.
        public static func named(tuned: Bool, cleanOnly: Bool, heldOut: Bool, heldOutOnly: Bool, longTurns: Bool,
                                 fixtures: String?, seed: UInt64) -> Table? {
            guard tuned || heldOut || heldOutOnly || longTurns else { return nil }
            var table = Table(fixtures: fixtures, seed: seed)
            table.tuned = tuned && !heldOutOnly
            table.withCall = !cleanOnly
            table.heldOut = heldOut || heldOutOnly
            table.longTurns = longTurns
            return table
        }
    }

    public var language: SpokenLanguage
    /// Recordings' paths, each with its reference text beside it when there is one.
    public var recordings: [String]
    public var table: Table?
    public var passes: Passes
    /// Each line as it locked, and the table's turns (`--lines`).
    public var showsLines: Bool
    /// Each recognizer pass on standard error (`--passes`).
    public var showsPasses: Bool
    /// File mode again with each difference between the final pass and the offline decode
    /// removed in turn (`--ablation`, `AccuracyBench.ablation`).
    public var ablation = false

    public init(language: SpokenLanguage, recordings: [String], table: Table?, passes: Passes, showsLines: Bool, showsPasses: Bool) {
        self.language = language
        self.recordings = recordings
        self.table = table
        self.passes = passes
        self.showsLines = showsLines
        self.showsPasses = showsPasses
    }
}
