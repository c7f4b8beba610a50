import Foundation
import OzenKit
import Synchronization

/// The page's "Teach a sound" (Settings): her sound recorded one to five times from the
/// microphone `ozen serve` hears the room with, each take cut out of the room's hush as
/// `ozen sounds teach --record` cuts it (`SoundTakes`), then taught (`SoundTeaching`); the
/// server's own sound alerts listen for it from then on (`SoundTeachingTap`). With no
/// microphone of its own (phones only, a replayed recording) the takes come from this
/// computer's default microphone. One sound is taught at a time; a take that hears nothing
/// gives up after 15 s, as on the command line.
public final class PageSoundTeaching: Sendable {
    /// Where a teaching stands, as `GET /api/sounds` shows it.
    public struct Progress: Sendable, Equatable {
        public enum Stage: String, Sendable {
            /// Take `take` waits for the sound: she plays it now.
            case waiting
            /// Take `take` hears it.
            case hearing
            /// Every take is in and the sound is kept.
            case taught
            /// It stopped; `problem` says why and what to do.
            case failed

            /// A take is being recorded.
            public var isUnderWay: Bool { self == .waiting || self == .hearing }
        }

        public var name: String
        public var group: TaughtSound.Group
        public var take: Int
        public var of: Int
        public var stage: Stage
        /// The last 100 ms's level (dBFS), while a take waits or hears.
        public var level: Double?
        public var problem: String?

        public var json: JSONValue {
            .object([("name", .string(name)), ("kind", .string(group.rawValue)), ("take", .int(take)), ("of", .int(of)),
                     ("stage", .string(stage.rawValue)), ("level", level.map { .number($0, decimals: 1) } ?? .null),
                     ("problem", problem.map(JSONValue.string) ?? .null)])
        }
    }

    private struct State {
        var progress: Progress?
        /// Where the server's own audio goes while a take is recorded from it.
        var inbox: LiveAudioInbox?
        /// Times the taught list changed through here, for the running sound watch.
        var changes = 0
    }

    let home: OzenHome
    /// Whether `hear` gets the server's own microphone; otherwise the takes open the default one.
    let hearsOwnMicrophone: Bool
    private let state = Mutex(State())

    public init(home: OzenHome, hearsOwnMicrophone: Bool) {
        self.home = home
        self.hearsOwnMicrophone = hearsOwnMicrophone
    }

    /// Another sound is being taught: one at a time.
    public struct UnderWay: Error, CustomStringConvertible {
        public var name: String
        public var description: String {
            tr("כבר מלמדים את \"\(name)\"; חכו שיסתיים", "\"\(name)\" is being taught already; wait for it to end")
        }
    }

    /// Starts teaching `name` from `takes` recordings; a name or a count that cannot be used is
    /// a `UsageError` that says what to do, a teaching under way is `UnderWay`.
    @discardableResult
    public func start(name: String, group: TaughtSound.Group, takes: Int) throws -> Progress {
        let trimmed = try SoundTeaching.checkedName(name)
        guard (1...SoundTeaching.mostRecordings).contains(takes) else {
            throw UsageError(tr("צריך הקלטה אחת עד \(SoundTeaching.mostRecordings) של הצליל", "give one to \(SoundTeaching.mostRecordings) takes of the sound"))
        }
        let inbox = hearsOwnMicrophone ? LiveAudioInbox() : nil
        let started = Progress(name: trimmed, group: group, take: 1, of: takes, stage: .waiting)
        try state.withLock {
            if let progress = $0.progress, progress.stage.isUnderWay {
                throw UnderWay(name: progress.name)
            }
            $0.progress = started
            $0.inbox = inbox
        }
        Thread.detachNewThread { [self] in record(started, from: inbox) }
        return started
    }

    /// The teaching under way or the last one's outcome; nil before the first.
    public var progress: Progress? { state.withLock { $0.progress } }

    /// The sounds she taught, in the order taught.
    public func taught() throws -> [TaughtSound] {
        try TaughtSounds.load(from: TaughtSounds.path(in: home)).sounds
    }

    /// Forgets the sound called `name`; false when there is none.
    public func forget(_ name: String) throws -> Bool {
        let forgotten = try SoundTeaching.forget(name, home: home)
        if forgotten { state.withLock { $0.changes += 1 } }
        return forgotten
    }

    /// Times the taught list changed through the page.
    var changes: Int { state.withLock { $0.changes } }

    /// The server's own audio (16 kHz), from its pipeline's thread: into the take being recorded.
    func hear(_ samples: [Float]) {
        state.withLock { $0.inbox }?.push(samples)
    }

    private func record(_ started: Progress, from inbox: LiveAudioInbox?) {
        let report: (SoundTakes.Progress) -> Void = { progress in
            self.state.withLock {
                guard var shown = $0.progress else { return }
                switch progress {
                case .waiting(let take, _): shown.take = take; shown.stage = .waiting; shown.level = nil
                case .level(let level, let hearing): shown.level = level; shown.stage = hearing ? .hearing : .waiting
                case .taken: break
                }
                $0.progress = shown
            }
        }
        var problem: String?
        do {
            let prints = if let inbox {
                try SoundTakes.record(started.of, from: inbox, failed: { nil }, progress: report)
            } else {
                try SoundTakes.record(started.of, device: nil, progress: report)
            }
            try SoundTeaching.teach(started.name, group: started.group, prints: prints, home: home)
        } catch {
            problem = String(describing: error)
        }
        inbox?.close()
        state.withLock {
            $0.inbox = nil
            $0.progress?.stage = problem == nil ? .taught : .failed
            $0.progress?.problem = problem
            $0.progress?.level = nil
            if problem == nil { $0.changes += 1 }
        }
    }
}
