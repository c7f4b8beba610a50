import Foundation

/// What `ozen sounds eval` prints: the alert kinds replayed over recorded trials (real sounds
/// in real speech) and plain talk, counted the way the issue's targets are written: recall per
/// kind and per loudness, every danger at 0 dB, how soon after its onset a sound is reported,
/// the wrong alerts, the alerts an hour of conversation raises, and the classifier's cost.
/// Stand-ins (a desktop chime for a doorbell) are counted apart and in none of those figures:
/// finding one says nothing of a real doorbell, and missing one nothing against the alerts.
public struct SoundEvalReport: Sendable {
    /// Kinds whose false alerts in talk matter most (issue 17: at most one an hour).
    public static let urgent: Set<String> = ["alarm", "siren", "doorbell", "phone"]

    public struct KindFigures: Sendable {
        public var kind: String
        public var priority: Int
        public var isDanger: Bool
        /// Per level: trials and detections (in `levels` order).
        public var trials: [Int]
        public var detected: [Int]
        public var delays: [Double]
        /// Alerts of this kind on recordings of another kind or of none.
        public var wrong: Int
        public var talkAlerts: Int
    }

    public var levels: [Double]
    /// Where each sound was laid in, in words ("sound 2 s in").
    public var placed = "sound 2 s in"
    public var half: String
    public var recordings: [AlertRecording]
    public var speech: [String]
    public var talkName: String
    public var talkSeconds: Double
    public var kinds: [KindFigures]
    /// Alerts raised on recordings that must raise nothing (desktop chimes).
    public var chimeAlerts: Int
    /// Danger recordings at 0 dB that raised some danger alert in time, of any danger kind (a
    /// whooping alarm announced as a siren still gets her out of the house).
    public var dangersAlertedAtZero = 0
    /// Trials of a kind that raised no alert of it in time.
    public var missed: [RecordedSoundTrial]
    /// The alerts counted in `KindFigures.wrong`, by the recording they were raised on and
    /// their kind: which sounds a kind mistakes, to know where its numbers are too low.
    public var wrongByRecording: [String: [String: Int]]
    /// Stand-ins (`AlertRecording.isStandIn` among `recordings`), counted apart from every
    /// figure above: their files, and per level the trials and those that raised their kind in time.
    public var standIns: (files: [String], trials: [Int], detected: [Int])
    /// Real trials at 0 dB that held a steady tone (`StableTone.enoughMilliseconds`) while
    /// their sound played, by the kind laid in ("none" for sounds that must raise nothing), and
    /// the windows of plain talk that held one: how far a tone tells the rings from talk.
    public var toneHeld: (byKind: [String: (held: Int, trials: Int)], talk: (held: Int, windows: Int))
    public var millisecondsPerWindow: Double
    /// Real music alone and under talk (`countMusic`): what it was, how long, and the alerts it
    /// raised by kind; nil when not heard.
    public var music: (name: String, seconds: Double, alerts: [String: Int])?
    /// Seconds from one window to the next.
    public var hopSeconds: Double
    public var secondsTaken: Double

    public init(kinds listened: [SoundKind], classNames: [String], trials: [RecordedSoundTrial], talk: RecordedSoundTrial,
                levels: [Double], half: String, recordings: [AlertRecording], speech: [String], talkName: String,
                millisecondsPerWindow: Double, secondsTaken: Double) {
        self.levels = levels
        self.half = half
        self.recordings = recordings
        self.speech = speech
        self.talkName = talkName
        self.talkSeconds = talk.windows.last.map { $0.end } ?? 0
        self.millisecondsPerWindow = millisecondsPerWindow
        self.hopSeconds = talk.hopSeconds
        self.secondsTaken = secondsTaken
        var figures = listened.map { KindFigures(kind: $0.name, priority: $0.priority, isDanger: $0.isDanger, trials: levels.map { _ in 0 },
                                                 detected: levels.map { _ in 0 }, delays: [], wrong: 0, talkAlerts: 0) }
        let position = Dictionary(uniqueKeysWithValues: listened.enumerated().map { ($1.name, $0) })
        var chimes = 0
        var missed: [RecordedSoundTrial] = []
        var wrong: [String: [String: Int]] = [:]
        var standIns = (files: [String](), trials: levels.map { _ in 0 }, detected: levels.map { _ in 0 })
        let dangers = Set(listened.filter(\.isDanger).map(\.name))
        let standInFiles = Set(recordings.filter(\.isStandIn).map(\.file))
        var dangersAlerted = 0
        var toneHeld: [String: (held: Int, trials: Int)] = [:]
        for trial in trials {
            let run = trial.replay(kinds: listened, classNames: classNames)
            let level = trial.levelDB.flatMap { levels.firstIndex(of: $0) }
            if let file = trial.recording, standInFiles.contains(file) {
                if !standIns.files.contains(file) { standIns.files.append(file) }
                if let l = level {
                    standIns.trials[l] += 1
                    if run.delay != nil { standIns.detected[l] += 1 }
                }
            } else {
                if trial.levelDB == 0 {
                    let held = trial.windows.contains {
                        $0.end > trial.soundStart && $0.end <= trial.soundEnd + trial.hopSeconds && $0.tone >= StableTone.enoughMilliseconds
                    }
                    toneHeld[trial.expected ?? "none", default: (0, 0)].held += held ? 1 : 0
                    toneHeld[trial.expected ?? "none", default: (0, 0)].trials += 1
                }
                if let expected = trial.expected, dangers.contains(expected), trial.levelDB == 0,
                   run.alerts.contains(where: { dangers.contains($0.kind) && $0.at >= trial.soundStart
                       && $0.at <= trial.soundEnd + SoundTrial.lateSeconds }) {
                    dangersAlerted += 1
                }
                if let expected = trial.expected, let k = position[expected], let l = level {
                    figures[k].trials[l] += 1
                    if let delay = run.delay {
                        figures[k].detected[l] += 1
                        figures[k].delays.append(delay)
                    } else {
                        missed.append(trial)
                    }
                }
            }
            for alert in run.falseAlarms {
                if trial.expected == nil { chimes += 1 }
                if let k = position[alert.kind] { figures[k].wrong += 1 }
                wrong[trial.recording ?? trial.name, default: [:]][alert.kind, default: 0] += 1
            }
        }
        for alert in talk.replay(kinds: listened, classNames: classNames).alerts {
            if let k = position[alert.kind] { figures[k].talkAlerts += 1 }
        }
        self.kinds = figures
        self.chimeAlerts = chimes
        self.dangersAlertedAtZero = dangersAlerted
        self.missed = missed
        self.standIns = standIns
        self.wrongByRecording = wrong
        self.toneHeld = (toneHeld, (talk.windows.filter { $0.tone >= StableTone.enoughMilliseconds }.count, talk.windows.count))
    }

    public var talkHours: Double { talkSeconds / 3600 }

    /// Counts the alerts `heard` (music, alone and under talk, as `ozen sounds eval` lays it)
    /// raises with these kinds: none of them is a sound she must be told about.
    public mutating func countMusic(_ heard: RecordedSoundTrial, name: String, kinds listened: [SoundKind], classNames: [String]) {
        var alerts: [String: Int] = [:]
        for alert in heard.replay(kinds: listened, classNames: classNames).alerts { alerts[alert.kind, default: 0] += 1 }
        music = (name, heard.windows.last.map { $0.end } ?? 0, alerts)
    }

    /// The music's alerts of an alarm, siren, doorbell or phone.
    public var urgentMusicAlerts: Int { music.map { m in m.alerts.filter { Self.urgent.contains($0.key) }.values.reduce(0, +) } ?? 0 }

    /// Detections over trials at each level, all kinds together.
    public var recallByLevel: [Double] {
        levels.indices.map { l in
            let trials = kinds.reduce(0) { $0 + $1.trials[l] }
            return trials == 0 ? 0 : Double(kinds.reduce(0) { $0 + $1.detected[l] }) / Double(trials)
        }
    }

    public var medianDelay: Double? { Percentile.of(kinds.flatMap(\.delays), 50) }

    /// Dangers (priority 3) caught at 0 dB, of those tried.
    public var dangersAtZero: (caught: Int, tried: Int)? {
        guard let l = levels.firstIndex(of: 0) else { return nil }
        let dangers = kinds.filter(\.isDanger)
        return (dangers.reduce(0) { $0 + $1.detected[l] }, dangers.reduce(0) { $0 + $1.trials[l] })
    }

    public var urgentTalkAlertsPerHour: Double {
        talkHours == 0 ? 0 : Double(kinds.filter { Self.urgent.contains($0.kind) }.reduce(0) { $0 + $1.talkAlerts }) / talkHours
    }

    /// Share of one core: the classifier works one window every `hopSeconds`.
    public var shareOfOneCore: Double { millisecondsPerWindow / 1000 / hopSeconds }

    static func fraction(_ a: Int, _ b: Int) -> String {
        b == 0 ? "–" : String(format: "%d/%d", a, b)
    }

    public var text: String {
        var lines: [String] = []
        lines.append("half: \(half) — \(recordings.count) recordings laid into \(speech.count) speech recordings at " +
                     levels.map { String(format: "%g dB", $0) }.joined(separator: ", ") + ", " + placed)
        let header = ["kind".padding(toLength: 11, withPad: " ", startingAt: 0)] + levels.map { String(format: "%6g dB", $0) }
            + ["  delay", "  wrong", "  talk/h"]
        lines.append(header.joined(separator: " "))
        for k in kinds where k.trials.reduce(0, +) > 0 || k.wrong > 0 || k.talkAlerts > 0 {
            var row = [k.kind.padding(toLength: 11, withPad: " ", startingAt: 0)]
            for l in levels.indices { row.append(Self.fraction(k.detected[l], k.trials[l]).leftPadded(9)) }
            row.append((Percentile.of(k.delays, 50).map { String(format: "%.2f s", $0) } ?? "–").leftPadded(7))
            row.append(String(k.wrong).leftPadded(7))
            row.append(String(format: "%.1f", talkHours == 0 ? 0 : Double(k.talkAlerts) / talkHours).leftPadded(8))
            lines.append(row.joined(separator: " "))
        }
        lines.append("recall: " + zip(levels, recallByLevel).map { String(format: "%g dB %.0f %%", $0, $1 * 100) }.joined(separator: ", "))
        if !standIns.files.isEmpty {
            lines.append("stand-ins, not counted above (\(standIns.files.joined(separator: ", "))): " + levels.indices.map {
                String(format: "%d of %d at %g dB", standIns.detected[$0], standIns.trials[$0], levels[$0])
            }.joined(separator: ", "))
        }
        if let d = dangersAtZero {
            lines.append("dangers (alarm, siren, explosion) caught at 0 dB: \(d.caught) of \(d.tried), " +
                         "\(dangersAlertedAtZero) of \(d.tried) with some danger alert")
        }
        lines.append("onset delay, median: " + (medianDelay.map { String(format: "%.2f s", $0) } ?? "–"))
        lines.append("alerts on sounds that must raise nothing (chimes): \(chimeAlerts)")
        lines.append(String(format: "conversation alone (%@, %.1f min): %d alerts, %.1f an hour of alarm, siren, doorbell or phone",
                            talkName, talkSeconds / 60, kinds.reduce(0) { $0 + $1.talkAlerts }, urgentTalkAlertsPerHour))
        if let music {
            let byKind = music.alerts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            lines.append(String(format: "music and television (%@, %.1f min): %d alerts, %d of them alarm, siren, doorbell or phone%@",
                                music.name, music.seconds / 60, music.alerts.values.reduce(0, +), urgentMusicAlerts,
                                byKind.isEmpty ? "" : " (" + byKind + ")"))
        }
        lines.append(String(format: "classifier: %.2f ms a window, %.2f %% of one core", millisecondsPerWindow, shareOfOneCore * 100))
        if !missed.isEmpty {
            // Each recording's misses, by level: "phone-oxygen.wav: 6 at 0 dB, 6 at -10 dB".
            var byFile: [String: [Double: Int]] = [:]
            for trial in missed { byFile[trial.recording ?? trial.name, default: [:]][trial.levelDB ?? 0, default: 0] += 1 }
            lines.append("missed, by recording:")
            for (file, levels) in byFile.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(file): " + levels.sorted { $0.key > $1.key }
                    .map { String(format: "%d at %g dB", $0.value, $0.key) }.joined(separator: ", "))
            }
        }
        if !wrongByRecording.isEmpty {
            // "doorbell-triplea.wav: phone 3, scream 1".
            lines.append("wrong alerts, by recording:")
            for (file, kinds) in wrongByRecording.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(file): " + kinds.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                    .map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
        }
        if !toneHeld.byKind.isEmpty {
            // "a steady tone of 0.4 s while the sound played, at 0 dB: alarm 12/12, cat 9/18, ...".
            lines.append(String(format: "a steady tone of %.1f s while the sound played, at 0 dB: ", StableTone.enoughMilliseconds / 1000)
                + toneHeld.byKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.held)/\($0.value.trials)" }.joined(separator: ", ")
                + "; in plain talk \(toneHeld.talk.held) of \(toneHeld.talk.windows) windows")
        }
        return lines.joined(separator: "\n")
    }

    public var json: JSONValue {
        .object([
            ("half", .string(half)),
            ("levels_db", .array(levels.map { .number($0, decimals: 1) })),
            ("recordings", .array(recordings.map { .string($0.file) })),
            ("speech_recordings", .array(speech.map { .string($0) })),
            ("kinds", .array(kinds.map { k in
                .object([
                    ("kind", .string(k.kind)), ("priority", .int(k.priority)),
                    ("by_level", .array(levels.indices.map { l in
                        .object([("db", .number(levels[l], decimals: 1)), ("trials", .int(k.trials[l])), ("detected", .int(k.detected[l]))])
                    })),
                    ("median_delay", Percentile.of(k.delays, 50).map { .number($0, decimals: 2) } ?? .null),
                    ("wrong_alerts", .int(k.wrong)), ("talk_alerts", .int(k.talkAlerts)),
                ])
            })),
            ("recall_by_level", .array(recallByLevel.map { .number($0, decimals: 3) })),
            ("stand_ins", .object([
                ("recordings", .array(standIns.files.map { .string($0) })),
                ("by_level", .array(levels.indices.map { l in
                    .object([("db", .number(levels[l], decimals: 1)), ("trials", .int(standIns.trials[l])), ("detected", .int(standIns.detected[l]))])
                })),
            ])),
            ("dangers_at_0_db", dangersAtZero.map {
                .object([("caught", .int($0.caught)), ("tried", .int($0.tried)), ("any_danger_alert", .int(dangersAlertedAtZero))])
            } ?? .null),
            ("median_delay", medianDelay.map { .number($0, decimals: 2) } ?? .null),
            ("chime_alerts", .int(chimeAlerts)),
            ("conversation", .object([
                ("what", .string(talkName)), ("seconds", .number(talkSeconds, decimals: 1)),
                ("alerts", .int(kinds.reduce(0) { $0 + $1.talkAlerts })),
                ("urgent_per_hour", .number(urgentTalkAlertsPerHour, decimals: 2)),
            ])),
            ("music", music.map { m in
                .object([("what", .string(m.name)), ("seconds", .number(m.seconds, decimals: 1)),
                         ("alerts", .int(m.alerts.values.reduce(0, +))), ("urgent", .int(urgentMusicAlerts)),
                         ("by_kind", .object(m.alerts.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }))])
            } ?? .null),
            ("missed", .array(missed.map { .string($0.name) })),
            ("ms_per_window", .number(millisecondsPerWindow, decimals: 2)),
            ("share_of_one_core", .number(shareOfOneCore, decimals: 4)),
            ("seconds_taken", .number(secondsTaken, decimals: 1)),
        ])
    }

    /// The numbers `--tune` chose, as lines for `SoundKinds.swift`, with what chose them.
    public static func tuning(_ choices: [SoundThresholdSearch.Choice], talkMinutes: Double, json: Bool) -> String {
        if json {
            return JSONValue.array(choices.map { c in
                .object([
                    ("kind", .string(c.kind.name)), ("threshold", .number(Double(c.kind.threshold), decimals: 2)),
                    ("windows_to_agree", .int(c.kind.windowsToAgree)), ("windows_looked", .int(c.kind.windowsLooked)),
                    ("sure_score", c.kind.sureScore.map { .number(Double($0), decimals: 2) } ?? .null),
                    ("tone_score", c.kind.toneScore.map { .number(Double($0), decimals: 2) } ?? .null),
                    ("talk_levels", c.kind.talkLevels.map { .array($0.map { .number(Double($0), decimals: 4) }) } ?? .null),
                    ("trials", .int(c.trials)), ("detected", .int(c.detected)), ("within_1_s", .int(c.prompt)),
                    ("median_delay", c.medianDelay.map { .number($0, decimals: 2) } ?? .null),
                    ("wrong_alerts", .int(c.confusions)), ("talk_alerts", .int(c.talkAlerts)), ("admissible", .bool(c.admissible)),
                ])
            }).serialized()
        }
        var lines = [String(format: "chosen on the tune half (talk: %.0f min)", talkMinutes)]
        for c in choices {
            let rule = c.kind.windowsToAgree == 1 ? "1 window" : "\(c.kind.windowsToAgree) of \(c.kind.windowsLooked)"
            let sure = (c.kind.sureScore.map { String(format: ", sure %.2f", $0) } ?? "")
                + (c.kind.toneScore.map { String(format: ", with a tone %.2f", $0) } ?? "")
            let talk = c.kind.talkLevels.map { ", × talk " + $0.map { String(format: "%.4f", $0) }.joined(separator: " ") } ?? ""
            let delay = c.medianDelay.map { String(format: "%.2f s", $0) } ?? "–"
            lines.append(String(format: "%@: threshold %.2f, %@%@%@ — found %d of %d (%d within 1 s), delay %@, wrong %d, talk %d%@",
                                c.kind.name, c.kind.threshold, rule, sure, talk, c.detected, c.trials, c.prompt, delay,
                                c.confusions, c.talkAlerts, c.admissible ? "" : " (nothing kept talk quiet: strictest kept)"))
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
