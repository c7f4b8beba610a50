import Foundation

/// A real recording of a sound she must be told about (a doorbell, a smoke alarm) or of one
/// that must not raise anything (a desktop chime), as `scripts/alert-sounds.tsv` lists it:
/// the file setup makes from it, its kind, which half of the evaluation it belongs to, and how
/// it is played (a phone rings again and again).
///
/// The halves keep the thresholds honest: `ozen sounds eval --tune` chooses every number on
/// the `tune` half (its recordings laid into its own speech), and the figures quoted are the
/// `report` half's, recordings and speech that no number was chosen on.
public struct AlertRecording: Sendable, Equatable {
    public enum Half: String, Sendable, CaseIterable {
        case tune, report
    }

    /// The 16 kHz mono WAV under the fixtures' `alerts/` folder: "doorbell-dingdong.wav".
    public var file: String
    /// The kind it must raise (`SoundKind.all`'s names), or nil for a sound that must raise nothing.
    public var kind: String?
    public var half: Half
    /// How many times it plays, and the silence between (seconds).
    public var times: Int
    public var gap: Double
    /// Where it comes from: "tuxpaint-stamps-default 1:2022.06.04-1".
    public var source: String
    public var licence: String
    /// Not a recording of the thing itself (a desktop chime standing in for a doorbell, a game's
    /// beeper for a smoke alarm): counted apart from the figures, never as a real recording.
    public var isStandIn: Bool

    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var detail: String

        public init(line: Int, detail: String) {
            self.line = line
            self.detail = detail
        }

        public var description: String {
            tr("שורה \(line) ברשימת הצלילים: \(detail)", "line \(line) of the alert sounds list: \(detail)")
        }
    }

    /// Columns: file, kind ("-" for none), half, times, gap, package, version, member (the
    /// file inside the package), sha256 of the member, licence, and "real", "stand-in" or
    /// "music". Lines starting with # are notes. Music (real recorded music, kind "-") is no
    /// trial but what false alerts are counted over besides talk: `music` picks those rows
    /// alone, and without it they are left out.
    public static func catalogue(tsv: String, kinds: [SoundKind] = SoundKind.all, music: Bool = false) throws(ReadError) -> [AlertRecording] {
        var out: [AlertRecording] = []
        for (number, raw) in tsv.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            if line.isEmpty || line.hasPrefix("#") { continue }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 11 else {
                throw ReadError(line: number + 1, detail: tr("צריך 11 עמודות, יש \(f.count)", "11 columns needed, found \(f.count)"))
            }
            guard f[10] == "real" || f[10] == "stand-in" || f[10] == "music" else {
                throw ReadError(line: number + 1, detail: tr("העמודה האחרונה צריכה להיות real, stand-in או music, יש '\(f[10])'",
                                                              "the last column must be real, stand-in or music, found '\(f[10])'"))
            }
            guard f[10] != "music" || f[1] == "-" else {
                throw ReadError(line: number + 1, detail: tr("מוזיקה אינה צליל התראה: הסוג שלה הוא -", "music raises no alert: its kind is -"))
            }
            guard let half = Half(rawValue: f[2]) else {
                throw ReadError(line: number + 1, detail: tr("חצי לא מוכר '\(f[2])' (tune או report)", "unknown half '\(f[2])' (tune or report)"))
            }
            guard let times = Int(f[3]), (1...20).contains(times), let gap = Double(f[4]), (0...10).contains(gap) else {
                throw ReadError(line: number + 1, detail: tr("מספר הפעמים או ההפסקה פגומים", "the times or the gap is not a number in range"))
            }
            let kind = f[1] == "-" ? nil : f[1]
            if let kind, SoundKind.named(kind, in: kinds) == nil {
                throw ReadError(line: number + 1, detail: tr("אין סוג צליל '\(kind)'", "no sound kind is called '\(kind)'"))
            }
            guard (f[10] == "music") == music else { continue }
            out.append(AlertRecording(file: f[0], kind: kind, half: half, times: times, gap: gap,
                                      source: "\(f[5]) \(f[6])", licence: f[9], isStandIn: f[10] == "stand-in"))
        }
        return out
    }
}
