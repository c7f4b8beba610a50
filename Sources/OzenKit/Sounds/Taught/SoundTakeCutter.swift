/// Cuts one recording of a sound out of what the microphone hears while she teaches it
/// (`ozen sounds teach NAME --record N`): she rings the doorbell when asked, and the take is
/// the ring, from just before it rose out of the room's hush to where the hush came back.
///
/// Fed 16 kHz audio as it comes, in any pieces; it looks at 100 ms at a time. The room's hush
/// is the quietest 100 ms heard so far (after the first half second); the sound begins where
/// a piece stands `rises` dB over it, and ends after `quietFor` seconds under `falls` dB over
/// it, or at `longest` seconds. It gives up when nothing rose within `waitAtMost` seconds.
/// The take keeps `lead` seconds before the rise, so the ring's first landmark is in it.
/// These numbers were set by hand, not measured: a take's tests are a real ding-dong in a
/// room's hush (`TaughtSoundTests`, `SoundsCommandTests`).
public struct SoundTakeCutter: Sendable {
    public enum State: Sendable, Equatable {
        case waiting
        case hearing
        /// The take, at 16 kHz.
        case done([Float])
        /// Nothing rose out of the hush in time.
        case nothingHeard
    }

    static let piece = MonoAudio.speechRate / 10
    static let rises = 12.0, falls = 6.0
    static let settleSeconds = 0.5
    public static let quietFor = 1.0, longest = 10.0, waitAtMost = 15.0, lead = 0.2

    public private(set) var state: State = .waiting
    /// The last 100 ms's level (dBFS), for a meter.
    public private(set) var level = AudioLevel.floor
    private var pending: [Float] = []
    /// What was heard while waiting (at most `lead` of it is kept) and the take so far.
    private var before: [Float] = []
    private var take: [Float] = []
    private var hush = 0.0
    private var heardPieces = 0
    private var quietPieces = 0

    public init() {}

    /// Hears the next samples; the state after them.
    @discardableResult
    public mutating func hear(_ samples: [Float]) -> State {
        pending += samples
        var used = 0
        while pending.count - used >= Self.piece, !isOver {
            step(Array(pending[used..<(used + Self.piece)]))
            used += Self.piece
        }
        pending.removeFirst(used)
        return state
    }

    private var isOver: Bool {
        switch state {
        case .done, .nothingHeard: return true
        case .waiting, .hearing: return false
        }
    }

    private mutating func step(_ piece: [Float]) {
        level = AudioLevel(measuring: piece).rmsDBFS
        heardPieces += 1
        let seconds = Double(heardPieces) / 10
        switch state {
        case .waiting:
            hush = heardPieces == 1 ? level : min(hush, level)
            if seconds > Self.settleSeconds, level >= hush + Self.rises {
                state = .hearing
                take = Array(before.suffix(Int(Self.lead * Double(MonoAudio.speechRate)))) + piece
                heardPieces = 0
            } else if seconds >= Self.waitAtMost {
                state = .nothingHeard
            } else {
                before = Array((before + piece).suffix(Self.piece * 10))
            }
        case .hearing:
            take += piece
            quietPieces = level < hush + Self.falls ? quietPieces + 1 : 0
            if Double(quietPieces) / 10 >= Self.quietFor || seconds >= Self.longest {
                state = .done(take)
            }
        case .done, .nothingHeard:
            return
        }
    }
}
