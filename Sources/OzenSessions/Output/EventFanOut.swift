import Foundation
import OzenKit

/// Where a session's caption events go: each event to every sink in turn (the terminal, the
/// history, the display pages, the notifications, the diagnostics…), one event at a time
/// whichever thread sends it: the pipeline's, the interpreter's or the microphone's watcher.
/// Every session sends its events through one of these instead of calling each sink by hand.
public final class EventFanOut: @unchecked Sendable {
    public typealias Sink = (CaptionEvent) -> Void

    private let lock = NSLock()
    private var sinks: [Sink]

    public init(_ sinks: [Sink] = []) {
        self.sinks = sinks
    }

    /// A sink more, after those already there; it gets the events sent from now on.
    public func add(_ sink: @escaping Sink) {
        lock.withLock { sinks.append(sink) }
    }

    /// `event` to every sink, in the order they were given.
    public func send(_ event: CaptionEvent) {
        lock.lock()
        defer { lock.unlock() }
        for sink in sinks { sink(event) }
    }
}
