/// Chooses a kind's numbers (threshold, windows to agree, sure score) on recorded trials: the
/// `tune` half of `ozen sounds eval`, real alert recordings laid into real speech at several
/// loudnesses, and plain talk.
///
/// Every candidate is replayed through the real `SoundAlertPolicy` over the recorded scores.
/// A candidate is admissible only if talk alone raises nothing with it *and* with numbers one
/// grid step lower (a margin for talk it has not heard). Among those it takes the most
/// detections of the kind, each detection that is not within `promptSeconds` of the sound's
/// start counting half, less two for every other recording (another kind's, or a chime that
/// must raise nothing) it calls this kind, a danger's recording called another danger aside;
/// then the lower median delay; then the higher numbers (more margin). On the rule chosen it
/// then tries a tone score (`SoundKind.toneScore`: one window enough while a steady tone lasts)
/// and keeps the one worth most by the same count. When no candidate is admissible, the
/// strictest is kept and the result says so. When no candidate finds the kind at all (no
/// recording of it, or stand-ins the classifier does not hear as it), the kind's own numbers
/// are kept if talk stays quiet with them and no other recording raises the kind: the search
/// has nothing to choose on, and a real doorbell may well be heard. Otherwise the candidate
/// with the fewest such confusions and the most margin is taken.
public struct SoundThresholdSearch: Sendable {
    /// Scores tried as thresholds and sure scores, finer near zero: under talk a sound's class
    /// often scores 0.05–0.2 while talk alone keeps it under 0.01 (the float network's scores
    /// are continuous, so such a threshold can be chosen at all).
    public static let grid: [Float] = [0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1, 0.13, 0.16, 0.2, 0.25, 0.3,
                                       0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
    /// Multiples of the most plain talk gave a class, tried when a kind is judged against talk
    /// (`SoundKind.talkLevels`): twice at least, a margin for talk the search has not heard.
    public static let talkGrid: [Float] = [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128]
    /// A class talk never raised is judged against this much.
    public static let quietestTalkLevel: Float = 0.002
    /// A sound reported later than this after it began is late (issue 17: within 1 s).
    public static let promptSeconds = 1.0

    public struct Choice: Sendable {
        public var kind: SoundKind
        /// Trials of the kind, detections, detections within `promptSeconds`, median delay.
        public var trials: Int
        public var detected: Int
        public var prompt: Int
        public var medianDelay: Double?
        /// Alerts of this kind raised on other recordings, and in talk alone.
        public var confusions: Int
        public var talkAlerts: Int
        /// False when nothing kept talk quiet: the strictest candidate was kept.
        public var admissible: Bool
    }

    public var classNames: [String]
    public var trials: [RecordedSoundTrial]
    public var talk: [RecordedSoundTrial]
    /// Whether kinds may also be judged against what talk gave their classes.
    public var judgedAgainstTalk = false
    /// Kinds that are dangers: one of them announced on another's recording (a fire bell heard
    /// as a siren) still gets her out of the house, so it is no confusion, though no detection.
    public var dangers = Set(SoundKind.all.filter(\.isDanger).map(\.name))

    public init(classNames: [String], trials: [RecordedSoundTrial], talk: [RecordedSoundTrial]) {
        self.classNames = classNames
        self.trials = trials
        self.talk = talk
    }

    /// The candidates for `kind`: one window at a threshold, or two of three windows at a
    /// threshold with or without a higher sure score for a single window; on scores as they
    /// are, and (with `levels`) on scores over what talk gave each class.
    static func candidates(_ kind: SoundKind, talkLevels levels: [Float]? = nil) -> [SoundKind] {
        var out: [SoundKind] = []
        for (grid, levels) in [(grid, nil as [Float]?)] + (levels.map { [(talkGrid, $0)] } ?? []) {
            for t in grid {
                out.append(kind.with(threshold: t, windowsToAgree: 1, of: 1, sureScore: nil, talkLevels: levels))
                out.append(kind.with(threshold: t, windowsToAgree: 2, of: 3, sureScore: nil, talkLevels: levels))
                for s in grid where s > t * 1.2 {
                    out.append(kind.with(threshold: t, windowsToAgree: 2, of: 3, sureScore: s, talkLevels: levels))
                }
            }
        }
        return out
    }

    /// The most the talk gave each of `kind`'s classes (at least `quietestTalkLevel`).
    public func talkLevels(_ kind: SoundKind) -> [Float] {
        kind.classes.map { name in
            guard let i = classNames.firstIndex(of: name) else { return 1 }
            let most = talk.flatMap(\.windows).map { $0.scores[i] }.max() ?? 0
            return max(most, Self.quietestTalkLevel)
        }
    }

    /// The same rule one grid step more permissive: what the margin for unheard talk is checked with.
    public static func lower(_ kind: SoundKind) -> SoundKind {
        let steps = kind.talkLevels == nil ? grid : talkGrid
        func step(_ value: Float) -> Float { steps.last { $0 < value - 1e-6 } ?? value * 0.7 }
        return kind.with(threshold: step(kind.threshold), windowsToAgree: kind.windowsToAgree, of: kind.windowsLooked,
                         sureScore: kind.sureScore.map(step), talkLevels: kind.talkLevels, toneScore: kind.toneScore.map(step))
    }

    func talkAlerts(_ kind: SoundKind) -> Int {
        talk.reduce(0) { $0 + $1.replay(kinds: [kind], classNames: classNames).alerts.count }
    }

    func measure(_ kind: SoundKind) -> Choice {
        var trialsOfKind = 0, detected = 0, prompt = 0, confusions = 0
        var delays: [Double] = []
        for trial in trials {
            let run = trial.replay(kinds: [kind], classNames: classNames)
            let ofKind = trial.expected == kind.name
            if ofKind {
                trialsOfKind += 1
                if let delay = run.delay {
                    detected += 1
                    delays.append(delay)
                    if delay <= Self.promptSeconds { prompt += 1 }
                }
            }
            // On its own recording, or on another danger's when it is a danger, only an alert
            // before the sound began is wrong; on any other recording every alert is.
            if ofKind || (dangers.contains(kind.name) && trial.expected.map(dangers.contains) == true) {
                confusions += run.alerts.filter { $0.at < trial.soundStart }.count
            } else {
                confusions += run.alerts.count
            }
        }
        return Choice(kind: kind, trials: trialsOfKind, detected: detected, prompt: prompt,
                      medianDelay: Percentile.of(delays, 50), confusions: confusions, talkAlerts: talkAlerts(kind),
                      admissible: true)
    }

    /// The best numbers for `kind` on these trials.
    public func choose(for kind: SoundKind) -> Choice {
        var best: (choice: Choice, score: Double)?
        var strictest: Choice?
        /// Measures `candidate`, and keeps it when talk stays quiet with it (and one step lower)
        /// and it is worth more than the best so far, or as much and sooner, or as soon with
        /// more margin; says whether talk stayed quiet.
        func consider(_ candidate: SoundKind) -> (choice: Choice, quiet: Bool) {
            let choice = measure(candidate)
            guard choice.talkAlerts == 0, talkAlerts(Self.lower(candidate)) == 0 else { return (choice, false) }
            let score = Self.worth(choice)
            guard let current = best else { best = (choice, score); return (choice, true) }
            let delay = choice.medianDelay ?? 99, currentDelay = current.choice.medianDelay ?? 99
            if score > current.score + 1e-9
                || (abs(score - current.score) < 1e-9 && (delay < currentDelay - 1e-9
                    || (abs(delay - currentDelay) < 1e-9 && Self.margin(candidate) > Self.margin(current.choice.kind)))) {
                best = (choice, score)
            }
            return (choice, true)
        }
        for candidate in Self.candidates(kind, talkLevels: judgedAgainstTalk ? talkLevels(kind) : nil) {
            let measured = consider(candidate)
            if !measured.quiet, candidate.windowsToAgree == 2, candidate.sureScore == nil, candidate.talkLevels == nil,
               candidate.threshold == Self.grid.last {
                strictest = measured.choice
            }
        }
        if let rule = best?.choice.kind {
            // Then a score that raises the kind in one window while a steady tone lasts, kept
            // by the same measure (the margin, which leaves the tone aside, never prefers it).
            for t in (rule.talkLevels == nil ? Self.grid : Self.talkGrid) where t < (rule.sureScore ?? .infinity) {
                _ = consider(rule.with(toneScore: t))
            }
        }
        if let best, best.score > 0 { return best.choice }
        let own = measure(kind)
        if own.talkAlerts == 0 && talkAlerts(Self.lower(kind)) == 0 && own.confusions == 0 { return own }
        if let best { return best.choice }
        var kept = strictest ?? own
        kept.admissible = false
        return kept
    }

    /// What a choice is worth: each detection within `promptSeconds` 1, a later one 0.5, less 2
    /// for every alert on another recording.
    static func worth(_ choice: Choice) -> Double {
        Double(choice.prompt) + 0.5 * Double(choice.detected - choice.prompt) - 2 * Double(choice.confusions)
    }

    /// How far a rule stands from talk: higher numbers, and two windows over one, rank first.
    static func margin(_ kind: SoundKind) -> Float {
        kind.threshold + (kind.sureScore ?? 1) + Float(kind.windowsToAgree) * 0.01
    }
}

extension SoundKind {
    /// This kind with other numbers.
    public func with(threshold: Float, windowsToAgree: Int, of windowsLooked: Int, sureScore: Float?,
                     talkLevels: [Float]? = nil, toneScore: Float? = nil) -> SoundKind {
        SoundKind(name: name, priority: priority, classes: classes, threshold: threshold, windowsToAgree: windowsToAgree,
                  of: windowsLooked, sureScore: sureScore, talkLevels: talkLevels, toneScore: toneScore)
    }

    /// This kind, its numbers kept, raised in one window at `toneScore` while a steady tone lasts.
    public func with(toneScore: Float?) -> SoundKind {
        with(threshold: threshold, windowsToAgree: windowsToAgree, of: windowsLooked, sureScore: sureScore,
             talkLevels: talkLevels, toneScore: toneScore)
    }
}
