import Foundation

/// Ctrl-C (SIGINT) and SIGTERM end a session gracefully: `stop` runs once, on a queue of its own.
public final class StopSignals: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    public init(stop: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            sources.append(source)
        }
    }
}
