/// Something besides the captions that hears every piece of input audio: the sound alerts.
///
/// Listeners hear audio even when no voice is present and while the recognizer is busy or
/// not loaded yet, so a doorbell is never missed because captions were waiting.
public protocol AudioListener: AnyObject {
    /// `samples` is 16 kHz mono audio that starts at `start` seconds of the stream.
    func hear(_ samples: [Float], start: Double, emit: (CaptionEvent) -> Void) throws
    /// The same, with the same stretch at `LiveAudioInbox.wideRate` (32 kHz) when the source
    /// had it (a microphone: brought down once from its own rate); empty otherwise.
    func hear(_ samples: [Float], wide: [Float], start: Double, emit: (CaptionEvent) -> Void) throws
    /// The stream ended: report anything still pending.
    func finish(emit: (CaptionEvent) -> Void) throws
}

public extension AudioListener {
    func finish(emit: (CaptionEvent) -> Void) throws {}
    /// Listeners that need only speech ignore the wide copy.
    func hear(_ samples: [Float], wide: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        try hear(samples, start: start, emit: emit)
    }
}
