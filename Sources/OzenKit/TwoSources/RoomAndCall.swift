/// The room and a call on the computer captioned into one conversation: each source runs a
/// live pipeline of its own (its own voice activity and speakers), and this joins their
/// events. Every line says where it was heard (`CaptionLine.source`); line numbers are the
/// conversation's, given in the order lines first appear, so the page's order is the order she
/// saw them; "Speaker N" is numbered across both, so a person in the call and one in the room
/// are never the same speaker (names stay as they are).
///
/// When the laptop's speakers play the call, the room's microphone hears it again; a room line
/// that repeats the call (`CallEcho`) is dropped, and room partials are held back while the
/// call speaks (its words changed in the last 5 s), so nothing is captioned twice. Her own words, said while the call is quiet,
/// show as they come; said over the call, they show when their line locks and is found hers.
///
/// `now` is the wall clock (seconds, any origin, the same for both sources). Call `tick` a few
/// times a second: a held room line is let out when the call has had its time. Not
/// thread-safe: the session hands it both sources' events under one lock.
public final class RoomAndCall {
    public let echo: CallEcho

    private struct LineKey: Hashable { var source: LineSource; var id: Int }
    private struct SpeakerKey: Hashable { var source: LineSource; var label: String }
    private struct HeldLine { var line: CaptionLine; var at: Double; var since: Double }
    private var ids: [LineKey: Int] = [:]
    private var nextID = 1
    private var speakers: [SpeakerKey: String] = [:]
    private var nextSpeaker = 1
    /// The call's recent lines and partials, by the call's own line number.
    private var heard: [Int: CallEcho.Heard] = [:]
    /// Room lines (by the room's numbers) shown as partials, dropped as the call's echo, and
    /// locked but held until the call's words for their moment are in.
    private var roomShown: Set<Int> = []
    private var roomEchoes: Set<Int> = []
    private var held: [Int: HeldLine] = [:]
    /// What belongs to a room line not shown yet (name alerts, speaker changes, corrections),
    /// sent after it if it turns out hers.
    private var waiting: [Int: [CaptionEvent]] = [:]

    /// Room lines dropped because they repeated the call.
    public private(set) var echoLines = 0

    public init(echo: CallEcho = CallEcho()) {
        self.echo = echo
    }

    /// The events `event`, heard from `source` and handed over at `now`, becomes in the joined
    /// conversation (none, when it is held back or is the call again).
    public func take(_ event: CaptionEvent, from source: LineSource, now: Double) -> [CaptionEvent] {
        if source == .call { return takeFromCall(event, now: now) }
        switch event {
        case .partial(let line, let at):
            if held[line.id] != nil || roomEchoes.contains(line.id) { return [] }
            if !roomShown.contains(line.id) && echo.callSpeaks(during: 0, now: now, heard: Array(heard.values)) { return [] }
            roomShown.insert(line.id)
            return [.partial(joined(line, from: .room), at: at)]
        case .line(let line, let at):
            let words = WordErrorRate.normalisedWords(line.text)
            if echo.repeats(words: words, seconds: line.end - line.start, lockedAt: now, now: now, heard: Array(heard.values)) {
                return dropped(line, at: at)
            }
            if echo.callSpeaks(during: line.end - line.start, now: now, heard: Array(heard.values)) {
                held[line.id] = HeldLine(line: line, at: at, since: now)
                return []
            }
            return shown(line, at: at)
        case .corrected(let correction, _) where isBehind(correction.line.id):
            return wait(event, for: correction.line.id)
        case .speaker(let lineID, _, _) where isBehind(lineID):
            return wait(event, for: lineID)
        case .alert(let alert) where isBehind(alert.lineID):
            return wait(event, for: alert.lineID)
        case .status(.finished, _):
            // Each source ends on its own; the session says once that both have.
            return []
        default:
            return [renumbered(event, from: .room)]
        }
    }

    /// Room lines held long enough: each is checked once more and shown if it is hers.
    public func tick(now: Double) -> [CaptionEvent] { release(heldFor: echo.holdFor, now: now) }

    /// The end: every held room line is settled.
    public func finish(now: Double) -> [CaptionEvent] { release(heldFor: 0, now: now) }

    private func release(heldFor seconds: Double, now: Double) -> [CaptionEvent] {
        var out: [CaptionEvent] = []
        for (id, line) in held.sorted(by: { $0.key < $1.key }) where now - line.since >= seconds {
            held[id] = nil
            out += settle(line, now: now, last: true)
        }
        return out
    }

    // MARK: the call

    private func takeFromCall(_ event: CaptionEvent, now: Double) -> [CaptionEvent] {
        switch event {
        case .partial(let line, _), .line(let line, _):
            remember(line, now: now)
        case .corrected(let correction, _):
            remember(correction.line, now: now)
        case .status(.finished, _):
            return []
        default:
            break
        }
        var out = [renumbered(event, from: .call)]
        // New words from the call: the held room lines they repeat go.
        for (id, line) in held.sorted(by: { $0.key < $1.key }) {
            let result = settle(line, now: now, last: false)
            if !result.isEmpty || roomEchoes.contains(id) { held[id] = nil }
            out += result
        }
        return out
    }

    /// A held room line checked again: dropped when it repeats the call; shown when `last`.
    private func settle(_ held: HeldLine, now: Double, last: Bool) -> [CaptionEvent] {
        let line = held.line
        let words = WordErrorRate.normalisedWords(line.text)
        // Its words were said before it was held: the look back counts from then.
        if echo.repeats(words: words, seconds: line.end - line.start, lockedAt: held.since, now: now, heard: Array(heard.values)) {
            return dropped(line, at: held.at)
        }
        return last ? shown(line, at: held.at) : []
    }

    // MARK: room lines

    private func shown(_ line: CaptionLine, at: Double) -> [CaptionEvent] {
        roomShown.remove(line.id)
        let after = (waiting.removeValue(forKey: line.id) ?? []).map { renumbered($0, from: .room) }
        return [.line(joined(line, from: .room), at: at)] + after
    }

    private func dropped(_ line: CaptionLine, at: Double) -> [CaptionEvent] {
        echoLines += 1
        roomEchoes.insert(line.id)
        waiting[line.id] = nil
        guard roomShown.remove(line.id) != nil else { return [] }
        // Its partial was on screen before the call's words were: it goes.
        var gone = joined(line, from: .room)
        gone.text = ""
        return [.partial(gone, at: at)]
    }

    /// Whether a room line's event must wait: the line is held, dropped, or not shown yet.
    private func isBehind(_ id: Int) -> Bool {
        roomEchoes.contains(id) || held[id] != nil || (ids[LineKey(source: .room, id: id)] == nil)
    }

    private func wait(_ event: CaptionEvent, for id: Int) -> [CaptionEvent] {
        if !roomEchoes.contains(id) { waiting[id, default: []].append(event) }
        return []
    }

    // MARK: numbering

    private func renumbered(_ event: CaptionEvent, from source: LineSource) -> CaptionEvent {
        switch event {
        case .partial(let line, let at): return .partial(joined(line, from: source), at: at)
        case .line(let line, let at): return .line(joined(line, from: source), at: at)
        case .corrected(var correction, let at):
            correction.line = joined(correction.line, from: source)
            return .corrected(correction, at: at)
        case .speaker(let lineID, let speaker, let at):
            return .speaker(lineID: number(of: lineID, from: source), speaker: label(speaker, from: source), at: at)
        case .alert(var alert):
            alert.lineID = number(of: alert.lineID, from: source)
            return .alert(alert)
        case .translation(var sentence, let at):
            sentence.id = number(of: sentence.id, from: source)
            return .translation(sentence, at: at)
        case .reviewed(var revision, let at):
            revision.id = number(of: revision.id, from: source)
            return .reviewed(revision, at: at)
        case .status, .gap, .sound:
            return event
        }
    }

    private func number(of id: Int, from source: LineSource) -> Int {
        let key = LineKey(source: source, id: id)
        if let known = ids[key] { return known }
        let given = nextID
        nextID += 1
        ids[key] = given
        return given
    }

    /// "Speaker N" of one source as the conversation numbers it; a name as it is.
    private func label(_ speaker: String, from source: LineSource) -> String {
        guard speaker.hasPrefix("Speaker "), Int(speaker.dropFirst("Speaker ".count)) != nil else { return speaker }
        let key = SpeakerKey(source: source, label: speaker)
        if let known = speakers[key] { return known }
        let given = "Speaker \(nextSpeaker)"
        nextSpeaker += 1
        speakers[key] = given
        return given
    }

    private func joined(_ line: CaptionLine, from source: LineSource) -> CaptionLine {
        var line = line
        line.id = number(of: line.id, from: source)
        line.speaker = line.speaker.map { label($0, from: source) }
        line.source = source
        return line
    }

    private func remember(_ line: CaptionLine, now: Double) {
        let words = WordErrorRate.normalisedWords(line.text)
        if var known = heard[line.id] {
            if known.words != words { known.lastShown = now }
            known.words = words
            heard[line.id] = known
        } else {
            heard[line.id] = CallEcho.Heard(words: words, firstShown: now, lastShown: now)
        }
        heard = heard.filter { $0.value.lastShown >= now - echo.kept }
    }
}
