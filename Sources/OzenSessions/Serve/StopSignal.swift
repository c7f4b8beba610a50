import Foundation

/// Waits for Ctrl-C or SIGTERM, so `serve` can close its history and stop cleanly.
final class StopSignal: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var sources: [any DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [semaphore] in semaphore.signal() }
            source.resume()
            sources.append(source)
        }
    }

    func wait() { semaphore.wait() }
}
