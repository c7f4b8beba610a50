import Foundation
import OzenIO
import OzenKit

/// One take's stop, from whichever comes first: Enter, Ctrl-C, the limit, a failed microphone.
public final class TakeControl: @unchecked Sendable {
    private let lock = NSLock()
    private let microphone: MicrophoneInput
    private let inbox: LiveAudioInbox
    private var stopped: ContinuousClock.Instant?
    private var limitReached = false
    private var failed: String?

    public init(microphone: MicrophoneInput, inbox: LiveAudioInbox) {
        self.microphone = microphone
        self.inbox = inbox
    }

    public var stoppedAt: ContinuousClock.Instant? { lock.withLock { stopped } }
    public var endedAtLimit: Bool { lock.withLock { limitReached } }
    public var failure: String? { lock.withLock { failed } }
    public var isStopped: Bool { stoppedAt != nil }

    public func stop(atLimit: Bool = false, failure: String? = nil) {
        let first: Bool = lock.withLock {
            guard stopped == nil else { return false }
            stopped = ContinuousClock.now
            limitReached = atLimit
            failed = failure
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
