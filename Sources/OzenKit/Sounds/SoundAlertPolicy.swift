/// Decides, window by window, which sounds to tell her about.
///
/// - A kind's score in a window is its highest class's score, or, for a kind judged against
///   talk (`SoundKind.talkLevels`), its highest class's score over the most talk gave that class.
/// - A kind fires once `windowsToAgree` of its last `windowsLooked` windows score at or above
///   its threshold, or one window reaches its `sureScore`, or its `toneScore` while a steady
///   tone has lasted `StableTone.enoughMilliseconds` (`SoundKind.all` says how those were
///   measured), or, for `alarm`, as soon as `AlarmRhythm` hears a smoke alarm's rhythm (the
///   alert's class then names it, and the alarm goes on sounding while its groups keep
///   coming), and once per occurrence: the sound has to stay below its threshold for
///   `quietSecondsToEnd` (1.9 s: 4 windows at the standard hop) before it can fire again,
///   so an alarm's beeps, a phone's rings and a dog's barks with pauses between them are
///   each one alert.
/// - A danger that goes on is announced again every `dangerRepeatSeconds` (30 s): she may
///   have been out of the room the first time.
/// - A lesser sound never takes a greater one's place: while a sound of higher priority is
///   going on, lesser ones wait, and are announced only if they are still heard after it ends.
/// - Muted kinds are not listened for at all.
public struct SoundAlertPolicy: Sendable {
    /// Seconds below threshold that end a sound: longer than the gap between a smoke alarm's
    /// beep groups (T3 pattern: 1.5 s) and between a phone's rings.
    public static let quietSecondsToEnd = 1.9
    /// Windows below threshold that end a sound: `quietSecondsToEnd` at this policy's hop.
    public let quietWindowsToEnd: Int
    public static let dangerRepeatSeconds = 30.0

    /// The kinds listened for (muted ones left out), in catalog order.
    public let kinds: [SoundKind]
    /// Catalog class names the classifier does not know (none with YAMNet's class map).
    public let missingClasses: [String]
    /// Each kind's classes the classifier knows: where its score is, and what the score is
    /// divided by (1, or the kind's talk level for that class).
    private let classes: [[(index: Int, divisor: Float)]]
    private let classNames: [String]
    private var states: [KindState]

    private struct KindState: Sendable {
        /// Whether each of the last `windowsLooked` windows counted, oldest first.
        var recent: [Bool] = []
        var quiet = 0
        /// Where the first counting window of the current occurrence began.
        var start: Double?
        var best: Float = 0
        var bestRaw: Float = 0
        var bestClass = -1
        var sounding = false
        var announcedAt: Double?
        /// The alarm rhythm heard in this occurrence, which the alert names as its class, and
        /// when it was last heard.
        var rhythm: AlarmRhythm.Pattern?
        var rhythmAt: Double?
    }

    /// `classNames` are the classifier's, in the order of its scores; a window comes every
    /// `hopSeconds`.
    public init(classNames: [String], kinds: [SoundKind] = SoundKind.all, muted: Set<String> = [],
                hopSeconds: Double = SoundWatch.standardHopSeconds) {
        quietWindowsToEnd = max(1, Int((Self.quietSecondsToEnd / hopSeconds).rounded()))
        var index: [String: Int] = [:]
        for (i, name) in classNames.enumerated() where index[name] == nil { index[name] = i }
        let listened = kinds.filter { !muted.contains($0.name) }
        self.kinds = listened
        self.classNames = classNames
        self.classes = listened.map { kind in
            kind.classes.enumerated().compactMap { c, name in
                index[name].map { (index: $0, divisor: kind.talkLevels.map { max($0[c], 1e-6) } ?? 1) }
            }
        }
        self.missingClasses = kinds.flatMap(\.classes).filter { index[$0] == nil }
        self.states = Array(repeating: KindState(), count: listened.count)
    }

    /// Scores of one window (`windowStart`…`windowEnd` seconds of the stream), how long the
    /// longest steady tone heard since the last window had lasted (`StableTone`, ms), and the
    /// alarm rhythm heard since then (`AlarmRhythm`), if any; returns the alerts it raises,
    /// greatest priority first.
    public mutating func observe(_ scores: [Float], tone: Double = 0, rhythm: AlarmRhythm.Pattern? = nil,
                                 windowStart: Double, windowEnd: Double) -> [SoundAlertEvent] {
        let toned = tone >= StableTone.enoughMilliseconds
        for (k, kind) in kinds.enumerated() {
            // The kind's score: its highest class's, over what talk gave that class when the
            // kind is judged against talk; `raw` is that class's own score, which alerts carry.
            var score: Float = 0, raw: Float = 0, best = -1
            for (i, divisor) in classes[k] where i < scores.count && scores[i] / divisor > score {
                score = scores[i] / divisor
                raw = scores[i]
                best = i
            }
            var state = states[k]
            let rhythmHeard = rhythm != nil && kind.name == AlarmRhythm.kind
            let sure = kind.sureScore.map { score >= $0 } == true || (toned && kind.toneScore.map { score >= $0 } == true)
                || rhythmHeard
            if rhythmHeard {
                state.rhythm = rhythm
                state.rhythmAt = windowEnd
            }
            // Between an alarm's groups (found one every 3–4 s) it is still sounding.
            let betweenGroups = state.rhythmAt.map { windowEnd - $0 < AlarmRhythm.groupsWithin } == true
            let counts = score >= kind.threshold || sure || betweenGroups
            state.recent.append(counts)
            if state.recent.count > kind.windowsLooked { state.recent.removeFirst() }
            if counts {
                state.quiet = 0
                if state.start == nil { state.start = windowStart }
                if score > state.best {
                    state.best = score
                    state.bestRaw = raw
                    state.bestClass = best
                }
                let agreeing = state.recent.filter { $0 }.count
                if agreeing >= kind.windowsToAgree || sure { state.sounding = true }
            } else {
                state.quiet += 1
                if state.sounding {
                    if state.quiet >= quietWindowsToEnd { state = KindState() }
                } else if !state.recent.contains(true) {
                    // Nothing counted within the windows looked at: a later sound starts afresh.
                    state.start = nil
                    state.best = 0
                    state.bestRaw = 0
                    state.bestClass = -1
                }
            }
            states[k] = state
        }

        let greatest = zip(kinds, states).filter { $0.1.sounding }.map { $0.0.priority }.max() ?? 0
        var alerts: [SoundAlertEvent] = []
        for (k, kind) in kinds.enumerated() where states[k].sounding && kind.priority >= greatest {
            let state = states[k]
            if let announced = state.announcedAt {
                guard kind.isDanger, windowEnd - announced >= Self.dangerRepeatSeconds - 1e-6 else { continue }
            }
            states[k].announcedAt = windowEnd
            alerts.append(SoundAlertEvent(at: windowEnd, kind: kind.name,
                                          className: state.rhythm?.rawValue
                                            ?? (state.bestClass >= 0 ? classNames[state.bestClass] : kind.classes[0]),
                                          score: state.rhythm != nil ? 1 : Double(state.bestRaw), priority: kind.priority,
                                          start: state.start ?? windowStart, end: windowEnd))
        }
        return alerts.sorted { $0.priority > $1.priority }
    }
}
