import Foundation
import OzenKit
import Synchronization

/// A microphone feeding a caption pipeline, kept working: the stream is reopened when it
/// fails, goes silent or stops delivering, and a microphone that was unplugged is waited for
/// and picked up again, by name, when it comes back.
///
///     let input = try MicrophoneInput(choice: .name("USB"))
///     try input.start(into: inbox) { status in … }   // throws what only a person can fix
///     …
///     input.stop()
///
/// `start` opens the device at once, so a microphone that is not there fails before any
/// model loads (`InputProblem.microphoneMissing`, never retried). After that a watcher thread
/// owns the stream: `RetrySchedule` paces reopening, `SilentInputWatch` notices a dead
/// stream, and every change is reported as a `CaptionStatus` (opening_microphone, listening,
/// retrying with the reason and the seconds until the next try, failed with what to do).
///
/// The audio thread only converts, resamples to 16 kHz and pushes into the inbox.
// @unchecked: its open stream and watcher thread (not Sendable), device and status are guarded by `condition` across the watcher's steps.
public final class MicrophoneInput: @unchecked Sendable {
    /// How the watcher paces itself; seconds throughout.
    public struct Settings: Sendable {
        public var retry: RetrySchedule
        /// Nothing or only zeros for this long counts as a dead stream.
        public var silenceLimit: Double
        /// How often a missing microphone is looked for (each look re-reads the device list).
        public var lookInterval: Double
        /// How often a running stream is checked.
        public var checkInterval: Double
        /// Switch to the system's default microphone while the chosen one is gone.
        public var fallbackToDefault: Bool
        /// Make the sound alerts' 32 kHz copy of a source at 32 kHz or more (`LiveAudioInbox`'s
        /// wide audio). Off where nothing listens for sounds (`--no-sounds`, interpret,
        /// dictation): the copy cost about 0.2 % of a core for nothing.
        public var widensForSounds = true

        /// Two seconds between looks: a replugged USB microphone takes a second or two to be
        /// listed anyway, and each look is a full PortAudio re-initialisation (a device scan).
        public static let `default` = Settings(retry: .default, silenceLimit: SilentInputWatch.defaultLimit,
                                               lookInterval: 2, checkInterval: 0.1, fallbackToDefault: false)
        /// The same for a session that hears no sounds (dictation).
        public static let speechOnly: Settings = {
            var settings = Settings.default
            settings.widensForSounds = false
            return settings
        }()

        public init(retry: RetrySchedule, silenceLimit: Double, lookInterval: Double, checkInterval: Double,
                    fallbackToDefault: Bool) {
            self.retry = retry
            self.silenceLimit = silenceLimit
            self.lookInterval = lookInterval
            self.checkInterval = checkInterval
            self.fallbackToDefault = fallbackToDefault
        }
    }

    public let settings: Settings
    private let system: any MicrophoneSystem
    /// The microphone in use: its name is what it is found by again.
    public private(set) var device: MicrophoneDevice

    private let condition = NSCondition()
    private var stopped = false
    private var open: (any OpenMicrophone)?
    private var delivery: Delivery?
    private var statusHandler: (@Sendable (CaptionStatus) -> Void)?
    private var lastStatus: CaptionStatus?
    private var backoff: RetryBackoff
    private var watcher: Thread?
    private let clockStart = ContinuousClock.now
    private var pushedSamples = 0

    /// Finds the chosen microphone, or output of the computer (`SourceChoice`), among those there now.
    public convenience init(source: SourceChoice, settings: Settings = .default) throws(InputProblem) {
        try self.init(choice: source.device, settings: settings, system: source.system)
    }

    /// Finds the chosen microphone among those connected now.
    public init(choice: MicrophoneChoice, settings: Settings = .default,
                system: any MicrophoneSystem = PortAudioMicrophones()) throws(InputProblem) {
        self.settings = settings
        self.system = system
        backoff = RetryBackoff(schedule: settings.retry)
        let devices = try system.devices()
        if let found = choice.find(in: devices) {
            device = found
        } else if settings.fallbackToDefault, let fallback = MicrophoneChoice.systemDefault.find(in: devices) {
            device = fallback
        } else {
            throw system.missing(choice)
        }
    }

    /// Seconds of 16 kHz audio pushed into the inbox so far: the `at` of status events.
    public var deliveredSeconds: Double {
        condition.lock()
        defer { condition.unlock() }
        return Double(pushedSamples) / Double(MonoAudio.speechRate)
    }

    /// Opens the microphone and keeps it feeding `inbox` until `stop()`. Throws only what a
    /// person must fix; anything else is reported through `status` and retried.
    public func start(into inbox: LiveAudioInbox, status: @escaping @Sendable (CaptionStatus) -> Void) throws(InputProblem) {
        condition.lock()
        statusHandler = status
        condition.unlock()
        report(.openingMicrophone(device: device.name, computerSound: device.hostAPI == ComputerSound.apiName))
        var problem: InputProblem?
        // The first "listening" is the pipeline's own (LiveStream.run says it when it starts).
        do { try connect(device, inbox: inbox, announce: false) } catch { problem = error }
        if let problem, problem.needsPerson { throw problem }
        let firstProblem = problem
        let thread = Thread { [self] in watch(inbox: inbox, firstProblem: firstProblem) }
        thread.name = "ozen microphone"
        condition.lock()
        watcher = thread
        condition.unlock()
        thread.start()
    }

    /// Closes the stream and ends the watcher; the inbox is left to its owner.
    public func stop() {
        condition.lock()
        stopped = true
        let current = open
        open = nil
        condition.broadcast()
        condition.unlock()
        current?.close()
    }

    // MARK: - The watcher

    private func watch(inbox: LiveAudioInbox, firstProblem: InputProblem?) {
        var problem = firstProblem
        while !isStopped {
            if let current = problem {
                problem = nil
                guard recover(from: current, inbox: inbox) else { return }
                continue
            }
            pause(settings.checkInterval)
            problem = check()
        }
    }

    /// Whether the running stream is still good, and why not.
    private func check() -> InputProblem? {
        condition.lock()
        let current = open, delivery = delivery
        condition.unlock()
        guard let current, let delivery else { return nil }
        let now = seconds()
        if !current.isRunning { return .microphoneStopped(name: device.name, detail: tr("הזרם נעצר", "the stream ended")) }
        switch delivery.finding(at: now) {
        case .nothingArrived(let seconds): return .microphoneStalled(name: device.name, seconds: seconds)
        case .onlyZeros(let seconds): return .microphoneSilent(name: device.name, seconds: seconds)
        case nil:
            condition.lock()
            backoff.working(at: now)
            condition.unlock()
            return nil
        }
    }

    /// Closes what is left of the stream and brings it back; false when it must give up.
    /// The status goes out before the stream is closed: closing waits for PortAudio's audio
    /// thread, which a driver stuck in a read holds until the read returns.
    private func recover(from problem: InputProblem, inbox: LiveAudioInbox) -> Bool {
        if problem.needsPerson {
            report(problem.status(retryingIn: 0))
            closeCurrent()
            return false
        }
        var waitFirst: Double
        if case .microphoneDisconnected = problem {
            waitFirst = settings.lookInterval
        } else {
            condition.lock()
            waitFirst = backoff.failed(at: seconds())
            condition.unlock()
        }
        report(problem.status(retryingIn: waitFirst))
        closeCurrent()
        pause(waitFirst)
        // Look for the microphone until it is back (or the fallback is taken), then open it.
        while !isStopped {
            let devices = (try? system.devices()) ?? []
            var target = devices.first { $0.name == device.name }
            if target == nil, settings.fallbackToDefault, let fallback = MicrophoneChoice.systemDefault.find(in: devices) {
                target = fallback
            }
            guard let target else {
                report(InputProblem.microphoneDisconnected(name: device.name).status(retryingIn: settings.lookInterval))
                pause(settings.lookInterval)
                continue
            }
            report(.openingMicrophone(device: target.name, computerSound: target.hostAPI == ComputerSound.apiName))
            do throws(InputProblem) {
                try connect(target, inbox: inbox, announce: true)
                return true
            } catch {
                if error.needsPerson {
                    report(error.status(retryingIn: 0))
                    return false
                }
                let delay: Double
                if case .microphoneDisconnected = error {
                    delay = settings.lookInterval
                } else {
                    condition.lock()
                    delay = backoff.failed(at: seconds())
                    condition.unlock()
                }
                report(error.status(retryingIn: delay))
                pause(delay)
            }
        }
        return false
    }

    /// Opens `target` and routes its audio into `inbox`.
    private func connect(_ target: MicrophoneDevice, inbox: LiveAudioInbox, announce: Bool) throws(InputProblem) {
        let rate = Int(target.defaultSampleRate.rounded())
        let delivery = Delivery(sourceRate: rate, widens: settings.widensForSounds, silenceLimit: settings.silenceLimit,
                                zerosMeanQuiet: system.zerosMeanQuiet, startedAt: seconds(),
                                clockStart: clockStart, inbox: inbox) { [weak self] count in self?.counted(count) }
        let stream = try system.open(target, sampleRate: Double(rate)) { samples in delivery.receive(samples) }
        condition.lock()
        let wasStopped = stopped
        if !wasStopped {
            open = stream
            self.delivery = delivery
            device = target
        }
        condition.unlock()
        if wasStopped { stream.close(); return }
        if announce { report(.listening) }
    }

    private func closeCurrent() {
        condition.lock()
        let current = open
        open = nil
        delivery = nil
        condition.unlock()
        current?.close()
    }

    private func counted(_ samples: Int) {
        condition.lock()
        pushedSamples += samples
        condition.unlock()
    }

    /// Tells the front end, once per change.
    private func report(_ status: CaptionStatus) {
        condition.lock()
        let handler = statusHandler
        let changed = status != lastStatus
        lastStatus = status
        condition.unlock()
        if changed { handler?(status) }
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    /// Waits `seconds`, or less when `stop()` is called.
    private func pause(_ seconds: Double) {
        let until = Date().addingTimeInterval(seconds)
        condition.lock()
        while !stopped, condition.wait(until: until) {}
        condition.unlock()
    }

    private func seconds() -> Double { Self.seconds(since: clockStart) }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}

/// The audio path of one opened stream: resampling, the silence watch and the push into
/// the inbox, behind a lock the audio thread holds only briefly.
final class Delivery: Sendable {
    private struct State {
        var resampler: StreamingResampler
        /// The sound alerts' 32 kHz copy, made from the source's own rate (nil below 32 kHz, or
        /// when no one listens for sounds).
        var wideResampler: StreamingResampler?
        var watch: SilentInputWatch
    }
    private let state: Mutex<State>
    private let inbox: LiveAudioInbox
    private let clockStart: ContinuousClock.Instant
    private let counted: @Sendable (Int) -> Void

    init(sourceRate: Int, widens: Bool, silenceLimit: Double, zerosMeanQuiet: Bool, startedAt: Double, clockStart: ContinuousClock.Instant,
         inbox: LiveAudioInbox, counted: @escaping @Sendable (Int) -> Void) {
        state = Mutex(State(resampler: StreamingResampler(from: sourceRate, to: MonoAudio.speechRate),
                            wideResampler: widens && sourceRate >= LiveAudioInbox.wideRate
                                ? StreamingResampler(from: sourceRate, to: LiveAudioInbox.wideRate) : nil,
                            watch: SilentInputWatch(limit: silenceLimit, startingAt: startedAt, zerosMeanQuiet: zerosMeanQuiet)))
        self.inbox = inbox
        self.clockStart = clockStart
        self.counted = counted
    }

    func receive(_ samples: [Float]) {
        let now = MicrophoneInput.seconds(since: clockStart)
        let (speech, wide) = state.withLock { state in
            state.watch.heard(samples, at: now)
            return (state.resampler.push(samples), state.wideResampler?.push(samples) ?? [])
        }
        inbox.push(speech, wide: wide)
        counted(speech.count)
    }

    func finding(at time: Double) -> SilentInputWatch.Finding? {
        state.withLock { $0.watch.finding(at: time) }
    }
}
