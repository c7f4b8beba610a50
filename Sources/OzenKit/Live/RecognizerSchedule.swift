import Foundation

/// One Whisper model shared by every caption stream of a process (`ozen serve`'s phones, its
/// own microphone): who decodes next. Only a live pass can be interrupted (and only to make
/// room for a final), so the order is the policy:
///
/// - One pass at a time (on all the recognizer's threads) while one stream is on; while
///   several share it, `passesAtOnce` passes side by side on one thread each: with two
///   2-thread passes in turn, four streams' finals waited behind each other and behind live
///   passes (p90 3.0 s from speech end to final, `ozen bench serve --clients 4 --table`).
///   At most one of them is a live pass, so a final always finds room.
/// - Final passes first, oldest request first: they are what she reads, and each stream has
///   at most one pass in flight, so a final waits at most for the finals of the other streams.
/// - Live passes only when no final waits, the stream whose last live pass is oldest first
///   (fair shares). A live pass that cannot start within `liveWaitLimit` is shed
///   (`PassShed`): the stream shows its words a little later instead of falling behind. A
///   final that finds both places taken cancels the live pass holding one
///   (`livePassesYieldToFinals`).
/// - A final granted while other finals wait is told so (`Grant.othersWaiting`), so it can
///   decode greedily and the queue drains (see `ScheduledRecognizer`).
/// - A new stream is admitted only while the finals of one more would still fit
///   (`admitsUpToLoad` of the recognizer's time); beyond that it is refused, and the streams
///   already running are told the computer is overloaded while finals wait long.
///
/// Measured before this existed (issue 18): four clients streaming the same table at real
/// time, each decoding on its own, got their finals 8.9–10.3 s after the speech ended.
// @unchecked: its state is guarded by `condition`, which `run` waits on partway through a critical section (a final queues, may cancel a live pass, then waits).
public final class RecognizerSchedule: @unchecked Sendable {
    public struct Settings: Sendable {
        /// How long a live pass may wait for the recognizer before it is shed. A live pass
        /// costs 0.1–0.4 s with base on this 2-core machine; a wait longer than one means
        /// finals or other streams' passes are queued ahead.
        public var liveWaitLimit = 0.25
        /// A final that waited this long means the streams are not keeping up: overloaded.
        public var overloadedAfterWait = 1.5
        /// How long the overloaded state lasts after the last long wait.
        public var overloadHolds = 10.0
        /// The window over which the finals' share of the recognizer's time is measured.
        public var loadWindow = 30.0
        /// A new stream is admitted while the finals, with one stream more, would take at most
        /// this share of the recognizer's time (`passesAtOnce` passes side by side); the rest
        /// is for live passes and for the bursts when everyone's turn ends at once. At 0.5 a
        /// 5-minute run of four clients coming and going refused 6 of 66 streams (the fourth);
        /// four clients at once kept their finals' p90 at 2.3–2.7 s.
        public var admitsUpToLoad = 0.6
        /// Each stream's share of finals assumed before any has been measured. Four clients
        /// streaming the five-person table (77 s, 13 turns): about 20 finals of 0.5–1.0 s each
        /// per stream, side by side on one thread each: finals ran 56 s of 79 s, 0.09 of two
        /// passes' time per stream (a scratch log of the passes, 2026-12-01).
        public var assumedStreamLoad = 0.1
        /// Streams at once, whatever the load.
        public var maximumStreams = 8
        /// Passes side by side while streams share the recognizer (one per core here).
        public var passesAtOnce = 2
        /// A final that finds every place taken cancels the live pass holding one (its words
        /// would come late anyway; the stream tries again a gap later). Four clients streaming
        /// the table, two runs each way in the same hour: finals p90 2.94 and 3.27 s against
        /// 3.69 and 4.32 s with live passes left to run out (`ozen bench serve --clients 4
        /// --table --language en`, and with `OZEN_LIVE_PASSES_HOLD=1`).
        public var livePassesYieldToFinals = true
        public init() {}
    }

    public enum Pass: Sendable { case final, live }

    /// What a pass learns when it may start.
    public struct Grant: Sendable {
        /// Finals of other streams waiting behind this one.
        public var othersWaiting: Int
        /// Streams sharing the recognizer now, this one included.
        public var streams: Int
        /// Whether other passes may run beside this one: then it takes one thread.
        public var sideBySide: Bool
        /// A live pass's: cancelled when a final has to wait for the place it holds.
        public var yields: PassCancellation?
    }

    /// A stream's place in the schedule, from `join` until `leave`.
    public struct Stream: Sendable, Hashable {
        public let id: Int
    }

    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case busy(streams: Int)

        public var description: String {
            switch self {
            case .busy(let streams):
                return tr("המחשב הזה כבר מתמלל \(streams) שיחות ואין לו כוח לעוד אחת; נסו שוב כשאחת תסתיים",
                          "this computer is already captioning \(streams) conversations and has no room for one more; try again when one ends")
            }
        }
    }

    public let settings: Settings
    private let condition = NSCondition()
    private let now: @Sendable () -> Double
    private var nextID = 0
    private var streams: Set<Int> = []
    private var running = 0
    private var runningLive = false
    /// The running live pass's cancellation, which a final that finds no room cancels.
    private var liveYields: PassCancellation?
    public private(set) var cancelledLivePasses = 0
    private var nextRequest = 0
    /// Finals waiting, in the order they asked.
    private var finals: [(request: Int, stream: Int)] = []
    /// Live passes waiting: stream → when its last live pass started (fairness).
    private var lives: [Int] = []
    private var lastLive: [Int: Double] = [:]
    /// Finals of the last `loadWindow` seconds: when each ended and how long it ran.
    private var finalTimes: [(end: Double, seconds: Double, stream: Int)] = []
    private var lastLongWait = -Double.infinity
    public private(set) var shedPasses = 0

    public init(settings: Settings = Settings(), now: @escaping @Sendable () -> Double = RecognizerSchedule.monotonic) {
        self.settings = settings
        self.now = now
    }

    public static let monotonic: @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }

    /// A new stream, or `Refusal.busy` when the finals of one more would not fit.
    /// `always`: this computer's own microphone, which is never refused.
    public func join(always: Bool = false) throws -> Stream {
        condition.lock()
        defer { condition.unlock() }
        if !always {
            guard streams.count < settings.maximumStreams,
                  streams.isEmpty || Double(streams.count + 1) * streamLoad <= settings.admitsUpToLoad else {
                throw Refusal.busy(streams: streams.count)
            }
        }
        nextID += 1
        streams.insert(nextID)
        return Stream(id: nextID)
    }

    public func leave(_ stream: Stream) {
        condition.lock()
        streams.remove(stream.id)
        lastLive[stream.id] = nil
        condition.unlock()
    }

    public var streamCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return streams.count
    }

    /// Finals waiting for the recognizer now.
    public var waitingFinals: Int {
        condition.lock()
        defer { condition.unlock() }
        return finals.count
    }

    /// True while finals have had to wait long (within the last `overloadHolds` seconds).
    public var isOverloaded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return now() - lastLongWait < settings.overloadHolds
    }

    /// Runs `work` when its turn comes. A live pass that cannot start within `liveWaitLimit`
    /// throws `PassShed` instead; a final always runs.
    public func run<T>(_ pass: Pass, for stream: Stream, _ work: (Grant) throws -> T) throws -> T {
        condition.lock()
        let asked = now()
        let request = nextRequest
        nextRequest += 1
        switch pass {
        case .final:
            finals.append((request, stream.id))
            // A live pass holds a place a final needs: it stops, its words would come too late.
            if settings.livePassesYieldToFinals, running >= capacity, let live = liveYields, !live.isCancelled {
                live.cancel()
                cancelledLivePasses += 1
            }
            while running >= capacity || finals.first?.request != request { condition.wait() }
            finals.removeFirst()
            if now() - asked >= settings.overloadedAfterWait { lastLongWait = now() }
        case .live:
            lives.append(stream.id)
            let deadline = Date(timeIntervalSinceNow: settings.liveWaitLimit)
            while !liveMayStart(stream) {
                if !condition.wait(until: deadline) {
                    if liveMayStart(stream) { break }
                    lives.removeAll { $0 == stream.id }
                    shedPasses += 1
                    condition.broadcast()
                    condition.unlock()
                    throw PassShed()
                }
            }
            lives.removeAll { $0 == stream.id }
            lastLive[stream.id] = now()
            runningLive = true
            liveYields = PassCancellation()
        }
        running += 1
        let grant = Grant(othersWaiting: finals.count, streams: streams.count, sideBySide: capacity > 1,
                          yields: pass == .live ? liveYields : nil)
        condition.unlock()
        let started = now()
        defer {
            condition.lock()
            running -= 1
            if pass == .live {
                runningLive = false
                liveYields = nil
            }
            if pass == .final { finalTimes.append((now(), now() - started, stream.id)) }
            condition.broadcast()
            condition.unlock()
        }
        return try work(grant)
    }

    /// Passes that may run at once now.
    private var capacity: Int { streams.count > 1 ? max(1, settings.passesAtOnce) : 1 }

    private func liveMayStart(_ stream: Stream) -> Bool {
        running < capacity && !runningLive && finals.isEmpty && nextLive() == stream.id
    }

    /// The waiting live pass whose stream was served longest ago.
    private func nextLive() -> Int? {
        lives.min { (lastLive[$0] ?? -.infinity) < (lastLive[$1] ?? -.infinity) }
    }

    private func load(at time: Double) -> Double {
        finalTimes.removeAll { $0.end < time - settings.loadWindow }
        return finalTimes.reduce(0) { $0 + $1.seconds } / settings.loadWindow / Double(max(1, settings.passesAtOnce))
    }

    /// Each stream's measured share of finals, or the assumed one before 10 s of history.
    private var streamLoad: Double {
        let measured = load(at: now())
        // Averaged over the streams that had finals in the window: streams that have left
        // count for their share, not the ones still on (which over-counted each stream's
        // load after a client left, and refused a thousand streams in the 30-minute soak).
        let heard = Set(finalTimes.map(\.stream)).count
        guard heard > 0, let first = finalTimes.first, now() - first.end >= 10 else { return settings.assumedStreamLoad }
        return max(measured / Double(heard), settings.assumedStreamLoad / 2)
    }
}

/// A live pass the schedule did not have room for: the stream tries again at its next chance.
public struct PassShed: Error, Sendable {}

/// A stream's view of the shared recognizer: every pass goes through the schedule. A final
/// that other streams' finals wait behind decodes greedily (beam 1), which costs a third of
/// beam 5 here, so the queue drains instead of growing.
public struct ScheduledRecognizer: SpeechRecognizer {
    public let base: any SpeechRecognizer
    public let schedule: RecognizerSchedule
    public let stream: RecognizerSchedule.Stream

    public init(base: any SpeechRecognizer, schedule: RecognizerSchedule, stream: RecognizerSchedule.Stream) {
        self.base = base
        self.schedule = schedule
        self.stream = stream
    }

    public func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript {
        // A background decode takes no place in the schedule: it gives way on its own.
        if options.runsInBackground { return try base.transcribe(samples, options: options) }
        return try schedule.run(options.isLivePass ? .live : .final, for: stream) { grant in
            var options = options
            if grant.othersWaiting > 0 || grant.streams > 1 {
                options.beamSize = 1
                options.audioContextMargin = min(options.audioContextMargin ?? 64, 64)
            }
            if grant.sideBySide { options.threads = 1 }
            if let yields = grant.yields { options.cancellation = PassCancellation(following: [options.cancellation, yields]) }
            return try base.transcribe(samples, options: options)
        }
    }

    public func tokenCount(_ text: String) -> Int { base.tokenCount(text) }
}
