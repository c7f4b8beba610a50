import Foundation
import OzenTestSupport
import Synchronization

/// The test card's microphone paced as a real one: every 100 ms, the next 100 ms of what the
/// test has played into the room, or of its hush when nothing is playing: a room's (`RoomHush`),
/// or digital silence, as a muted or very quiet microphone delivers.
final class PacedRoom: Sendable {
    enum Hush { case room, digitalSilence }

    private struct State {
        var queued: [Float] = []
        var running = true
    }

    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    init(card: TestSoundCard, device: String = "ozen_test_mic", hush kind: Hush = .room) {
        let hush = kind == .room ? RoomHush.samples(seconds: 10) : [Float](repeating: 0, count: 1_600)
        Thread.detachNewThread { [self] in
            var at = 0
            while true {
                let piece: [Float]? = state.withLock {
                    guard $0.running else { return nil }
                    let played = Array($0.queued.prefix(1_600))
                    $0.queued.removeFirst(played.count)
                    return played
                }
                guard var piece else { break }
                while piece.count < 1_600 {
                    piece.append(hush[at])
                    at = (at + 1) % hush.count
                }
                card.play(TestSoundCard.pcm16(piece), on: device)
                Thread.sleep(forTimeInterval: 0.1)
            }
            done.signal()
        }
    }

    /// Plays `samples` (16 kHz) into the room after what is already playing.
    func play(_ samples: [Float]) {
        state.withLock { $0.queued += samples }
    }

    /// Whether everything played has been heard.
    var isQuiet: Bool { state.withLock { $0.queued.isEmpty } }

    func stop() {
        state.withLock { $0.running = false }
        done.wait()
    }
}
