import Foundation
import OzenKit
import Synchronization

/// Where a session's caption events go: each event to every sink in turn (the terminal, the
/// history, the display pages, the notifications, the diagnostics…), one event at a time
/// whichever thread sends it: the pipeline's, the interpreter's or the microphone's watcher.
/// Every session sends its events through one of these instead of calling each sink by hand.
public final class EventFanOut: Sendable {
    /// Called from whichever thread sends, so it must be safe to call from any.
    public typealias Sink = @Sendable (CaptionEvent) -> Void

    /// Held while an event goes to every sink, so events leave one at a time, in order.
    private let sinks: Mutex<[Sink]>

    public init(_ sinks: [Sink] = []) {
        self.sinks = Mutex(sinks)
    }

    /// A sink more, after those already there; it gets the events sent from now on.
    public func add(_ sink: @escaping Sink) {
        sinks.withLock { $0.append(sink) }
    }

    /// `event` to every sink, in the order they were given.
    public func send(_ event: CaptionEvent) {
        sinks.withLock { for sink in $0 { sink(event) } }
    }
}
