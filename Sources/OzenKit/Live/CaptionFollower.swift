/// A stage after the live pipeline that follows its events and adds its own: the corrector
/// (`corrected`) and the interpreter (`translation`, `revised`). It hears the audio too, as an
/// `AudioListener`, so it keeps what it needs of it itself.
public protocol CaptionFollower: AudioListener {
    /// Passes `event` on to `emit`, with whatever the event calls for after it.
    func pass(_ event: CaptionEvent, emit: (CaptionEvent) -> Void)
}

extension LineCorrector: CaptionFollower {}
extension Interpreter: CaptionFollower {}

/// The followers in order: the corrector first, so the interpreter sees corrected lines.
public enum CaptionFollowing {
    /// Sends `event` through `followers` in order, then to `emit`. Give the same chain to the
    /// followers' `hear` (as the replay's and the stream's `emit`), so what one of them sends
    /// while hearing audio (a correction that came back) also reaches the ones after it.
    public static func send(_ event: CaptionEvent, through followers: [any CaptionFollower], emit: (CaptionEvent) -> Void) {
        guard let first = followers.first else { return emit(event) }
        let rest = followers.dropFirst()
        first.pass(event) { send($0, through: Array(rest), emit: emit) }
    }
}
