import Foundation
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM end a session gracefully: `stop` runs once, on a queue of its own.
public final class StopSignals: Sendable {
    /// The signal sources, kept as long as this is; nothing touches them after `init`.
    private let sources: Mutex<[any DispatchSourceSignal]>

    public init(stop: @escaping @Sendable () -> Void) {
        sources = Mutex(Self.listen(calling: stop))
    }

    private static func listen(calling stop: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            sources.append(source)
        }
        return sources
    }
}
