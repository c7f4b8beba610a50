import Foundation
import Synchronization

/// Waits for Ctrl-C or SIGTERM, so `serve` can close its history and stop cleanly.
final class StopSignal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    /// The signal sources, kept as long as this is; nothing touches them after `init`.
    private let sources: Mutex<[any DispatchSourceSignal]>

    init() {
        sources = Mutex(Self.listen(signalling: semaphore))
    }

    private static func listen(signalling semaphore: DispatchSemaphore) -> [any DispatchSourceSignal] {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [semaphore] in semaphore.signal() }
            source.resume()
            sources.append(source)
        }
        return sources
    }

    func wait() { semaphore.wait() }
}
