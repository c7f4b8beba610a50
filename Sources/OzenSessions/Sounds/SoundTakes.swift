import Foundation
import OzenIO
import OzenKit
import Synchronization

/// `ozen sounds teach NAME --record N`: takes of her sound from the microphone, each cut out of
/// the room's hush by `SoundTakeCutter`, to be taught as if they were files.
public enum SoundTakes {
    /// What a take tells the one who asked for it.
    public enum Progress: Sendable {
        /// Take `take` of `of` is waiting for the sound: play it now.
        case waiting(take: Int, of: Int)
        /// The last 100 ms's level (dBFS), and whether the sound is being heard.
        case level(Double, hearing: Bool)
        /// Take `take` is in, `seconds` long.
        case taken(take: Int, seconds: Double)
    }

    /// The progress as the terminal shows it: a line to say what to do, or the level meter
    /// redrawn in place (a carriage return, no new line).
    public static func shown(_ progress: Progress) -> String {
        switch progress {
        case .waiting(let take, let of):
            return tr("הקלטה \(take) מתוך \(of): השמיעו את הצליל עכשיו, לבדו", "take \(take) of \(of): play the sound now, alone") + "\n"
        case .level(let level, let hearing):
            return "\r\(MicrophoneLevelMeter.bar(decibels: level)) \(String(format: "%6.1f dBFS", level))\(hearing ? " ●" : "  ")"
        case .taken(let take, let seconds):
            return "\r" + tr("הקלטה \(take): \(String(format: "%.1f", seconds)) שנ׳", "take \(take): \(String(format: "%.1f", seconds)) s")
                + String(repeating: " ", count: 24) + "\n"
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Nothing rose out of the room's hush while take `take` waited.
        case nothingHeard(take: Int)
        /// The microphone stopped and was not back in time.
        case microphoneFailed(String)
        /// The microphone asked for is not there (what `InputProblem` says to do).
        case microphoneMissing(String)

        public var description: String {
            switch self {
            case .nothingHeard(let take):
                return tr("הקלטה \(take): לא נשמע צליל תוך 15 שניות — השמיעו אותו קרוב למיקרופון ובדקו את העוצמה (ozen devices)",
                          "take \(take): no sound rose out of the room's hush within 15 s — play it close to the microphone and check its level (ozen devices)")
            case .microphoneMissing(let what):
                return what
            case .microphoneFailed(let reason):
                return tr("המיקרופון הפסיק: \(reason)", "the microphone stopped: \(reason)")
            }
        }
    }

    /// `count` takes from the microphone `device` names (the default one when nil), one after
    /// the other; each as a print named "take N". A microphone that is not there, or one that
    /// fails, throws `Failure` with what to do.
    public static func record(_ count: Int, device: String?, progress: (Progress) -> Void) throws(Failure) -> [TaughtSound.Print] {
        let input: MicrophoneInput
        do {
            input = try MicrophoneInput(choice: MicrophoneChoice(device), settings: .speechOnly)
        } catch {
            throw .microphoneMissing(error.description)
        }
        do {
            return try record(count, from: input, progress: progress)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .microphoneFailed(String(describing: error))
        }
    }

    /// `count` takes from `input`, one after the other; each as a print named "take N".
    static func record(_ count: Int, from input: MicrophoneInput, progress: (Progress) -> Void) throws -> [TaughtSound.Print] {
        let inbox = LiveAudioInbox()
        let failure = FailureSeen()
        try input.start(into: inbox) { status in
            if case .failed(let reason, _) = status { failure.reason.withLock { $0 = reason } }
        }
        defer {
            input.stop()
            inbox.close()
        }
        return try record(count, from: inbox, failed: { failure.reason.withLock { $0 } }, progress: progress)
    }

    /// `count` takes from audio pushed into `inbox` as it is heard (a microphone, or the page's
    /// "Teach a sound" hearing what `ozen serve` hears), one after the other; each as a print
    /// named "take N". `failed` says why the audio stopped coming, when it did.
    static func record(_ count: Int, from inbox: LiveAudioInbox, failed: () -> String?, progress: (Progress) -> Void) throws(Failure) -> [TaughtSound.Print] {
        var prints: [TaughtSound.Print] = []
        for take in 1...count {
            progress(.waiting(take: take, of: count))
            var cutter = SoundTakeCutter()
            // Bounded: the cutter ends a take by 15 s of waiting and 10 s of sound, in audio time;
            // a microphone that delivers nothing ends it on the wall clock.
            let deadline = Date().addingTimeInterval(SoundTakeCutter.waitAtMost + SoundTakeCutter.longest + 5)
            takeLoop: while true {
                if let reason = failed() { throw Failure.microphoneFailed(reason) }
                guard Date() < deadline else { throw Failure.nothingHeard(take: take) }
                // A tenth of a second at a time: what follows a take is the next take's.
                let (samples, closed) = inbox.take(waitingUpTo: 0.1, atMost: MonoAudio.speechRate / 10)
                switch cutter.hear(samples) {
                case .waiting: progress(.level(cutter.level, hearing: false))
                case .hearing: progress(.level(cutter.level, hearing: true))
                case .nothingHeard: throw Failure.nothingHeard(take: take)
                case .done(let sound):
                    let seconds = Double(sound.count) / Double(MonoAudio.speechRate)
                    progress(.taken(take: take, seconds: seconds))
                    prints.append(TaughtSound.Print(recording: "take \(take)", samples: sound, rate: MonoAudio.speechRate))
                    break takeLoop
                }
                if closed { throw Failure.microphoneFailed(tr("הזרם נסגר", "the stream closed")) }
            }
        }
        return prints
    }

    /// Why the microphone failed, set from its watcher's thread.
    private final class FailureSeen: Sendable {
        let reason = Mutex<String?>(nil)
    }
}
