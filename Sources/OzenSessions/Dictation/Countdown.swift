import Foundation
import OzenKit
import Synchronization

/// The time left, on stderr: redrawn each second on a terminal, otherwise said at the start
/// and with 10 s left (a log keeps no carriage returns).
public final class Countdown: Sendable {
    private let take: TakeControl
    private let started: ContinuousClock.Instant
    private let limit: Double
    private let terminal = isatty(STDERR_FILENO) == 1
    private let timer = Mutex(DispatchSource.makeTimerSource(queue: .global()))
    private let warned = Mutex(false)

    public init(take: TakeControl, started: ContinuousClock.Instant, limit: Double) {
        self.take = take
        self.started = started
        self.limit = limit
    }

    public func start() {
        if !terminal { say(tr("מקשיב — Enter עוצר, 60 שניות לכל היותר", "listening — Enter stops, 60 s at most") + "\n") }
        timer.withLock { timer in
            timer.schedule(deadline: .now(), repeating: 1.0)
            timer.setEventHandler { [self] in tick() }
            timer.resume()
        }
    }

    public func finish() {
        timer.withLock { $0.cancel() }
        if terminal { say("\r\u{1B}[K") }
    }

    private func tick() {
        guard !take.isStopped else { return }
        let left = max(0, Int((limit - RealTimeClock.seconds(ContinuousClock.now - started)).rounded()))
        if terminal {
            say("\r" + tr("🎙 מקשיב — נותרו \(left) שניות, Enter עוצר ", "🎙 listening — \(left) s left, Enter stops "))
        } else if left <= 10, warned.withLock({ warned in let first = !warned; warned = true; return first }) {
            say(tr("נותרו \(left) שניות", "\(left) s left") + "\n")
        }
    }

    private func say(_ text: String) {
        FileHandle.standardError.write(Data(((terminal || text.hasPrefix("\r") ? "" : "ozen: ") + text).utf8))
    }
}
