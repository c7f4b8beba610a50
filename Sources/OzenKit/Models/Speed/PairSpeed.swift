import Foundation

/// How a live model and a final (correction) model run together on this computer, measured by
/// captioning a few seconds of speech through the whole pipeline, speakers, sounds and
/// corrections on, as fast as the computer can (`ozen models speed`, `PairCalibration`).
///
/// The pipeline paces its own live passes, so what can fall behind is the rest: a final pass
/// for every utterance, the corrections and the speakers and sounds. `load` is the computer's
/// time all of it took per second of speech; above `keepsUpBelow` captions at real time would
/// fall behind in a long conversation.
public struct PairSpeed: Codable, Sendable, Equatable {
    public var live: String
    public var final: String
    /// Seconds of the computer's time per second of speech, everything on.
    public var load: Double
    /// Median seconds of a live pass, a final pass and a correction in the run.
    public var livePass: Double
    public var finalPass: Double
    public var correction: Double
    /// What the measurement is valid for: both models' files, the CPU, the threads.
    public var key: String
    public var measuredAt: Date

    public init(live: String, final: String, load: Double, livePass: Double, finalPass: Double, correction: Double,
                key: String, measuredAt: Date = Date()) {
        self.live = live
        self.final = final
        self.load = load
        self.livePass = livePass
        self.finalPass = finalPass
        self.correction = correction
        self.key = key
        // Whole seconds, as the kept file writes them, so a measurement read back is the same.
        self.measuredAt = Date(timeIntervalSince1970: measuredAt.timeIntervalSince1970.rounded(.down))
    }

    /// A pair keeps up while everything takes at most this share of the computer's time. The
    /// rest is headroom for the bursts when a turn ends and its final, its correction and the
    /// next speaker's live passes all want the processor at once. Whisper base alone here takes
    /// 0.35–0.4 of two cores (40–47 CPU s per audio minute with speakers and sounds, `ozen bench
    /// accuracy --table --realtime-only`, 2026-12-06) and keeps up; with its full-window
    /// corrections `ozen models speed` measured base → base at 0.90 on the same machine, where
    /// corrections came 4–8 s after the speech: it does not keep up, as this says.
    public static let keepsUpBelow = 0.8
    /// A live pass slower than this (on the calibration's 3 s or so of open utterance) shows
    /// words too late to read along: first words 0.6–0.7 s after they are said need passes of
    /// a few tenths of a second.
    public static let livePassAtMost = 0.6

    public var keepsUp: Bool { load <= Self.keepsUpBelow && livePass <= Self.livePassAtMost }

    /// One line for the pair, in her words.
    public var verdict: String {
        let figures = String(format: tr("%.2f מזמן המחשב לכל שנייה של דיבור; מעבר חי %.2f ש׳, סופי %.2f ש׳, תיקון %.2f ש׳",
                                        "%.2f of this computer's time per second of speech; live pass %.2f s, final %.2f s, correction %.2f s"),
                             load, livePass, finalPass, correction)
        if keepsUp { return tr("עומד בקצב", "keeps up") + " (" + figures + ")" }
        let why = livePass > Self.livePassAtMost
            ? tr("המילים החיות יגיעו באיחור", "live words would come late")
            : tr("ייפול מאחור בשיחה ארוכה", "would fall behind in a long conversation")
        return why + " (" + figures + ")"
    }

    /// What identifies a measurement: the two files' checksums, the processor and the threads.
    public static func key(liveSHA: String, finalSHA: String, processor: String, threads: Int) -> String {
        "\(liveSHA.prefix(16))|\(finalSHA.prefix(16))|\(processor)|\(threads)"
    }
}

/// The measurements kept between runs (`$OZEN_HOME/pair-speeds.json`), so a pair is timed once
/// per computer and model files, not at every start.
public struct PairSpeeds: Codable, Sendable, Equatable {
    public var pairs: [PairSpeed] = []
    public init(pairs: [PairSpeed] = []) { self.pairs = pairs }

    public static func path(in home: OzenHome) -> String { home.path + "/pair-speeds.json" }

    /// What is kept, or none when nothing is (an unreadable file counts as nothing kept).
    public static func load(from home: OzenHome) -> PairSpeeds {
        guard let data = FileManager.default.contents(atPath: path(in: home)) else { return PairSpeeds() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(PairSpeeds.self, from: data)) ?? PairSpeeds()
    }

    public func save(to home: OzenHome) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        try encoder.encode(self).write(to: URL(fileURLWithPath: Self.path(in: home)), options: .atomic)
    }

    /// The kept measurement of a pair with this key.
    public func measured(key: String) -> PairSpeed? { pairs.last { $0.key == key } }

    /// Keeps `speed`, replacing an older measurement of the same pair.
    public mutating func keep(_ speed: PairSpeed) {
        pairs.removeAll { $0.live == speed.live && $0.final == speed.final }
        pairs.append(speed)
    }
}
