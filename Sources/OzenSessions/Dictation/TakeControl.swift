import Foundation
import OzenIO
import OzenKit
import Synchronization

/// One take's stop, from whichever comes first: Enter, Ctrl-C, the limit, a failed microphone.
public final class TakeControl: Sendable {
    private let microphone: MicrophoneInput
    private let inbox: LiveAudioInbox
    private struct State {
        var stopped: ContinuousClock.Instant?
        var limitReached = false
        var failed: String?
    }
    private let state = Mutex(State())

    public init(microphone: MicrophoneInput, inbox: LiveAudioInbox) {
        self.microphone = microphone
        self.inbox = inbox
    }

    public var stoppedAt: ContinuousClock.Instant? { state.withLock { $0.stopped } }
    public var endedAtLimit: Bool { state.withLock { $0.limitReached } }
    public var failure: String? { state.withLock { $0.failed } }
    public var isStopped: Bool { stoppedAt != nil }

    public func stop(atLimit: Bool = false, failure: String? = nil) {
        let first: Bool = state.withLock { state in
            guard state.stopped == nil else { return false }
            state.stopped = ContinuousClock.now
            state.limitReached = atLimit
            state.failed = failure
            return true
        }
        guard first else { return }
        // The inbox first: the take's audio ends now and its last final pass can run even if
        // the sound system is slow to let go of the device (a stalled one kept PortAudio's stop
        // waiting on a read that never returned).
        inbox.close()
        let microphone = self.microphone
        DispatchQueue.global().async { microphone.stop() }
    }
}
