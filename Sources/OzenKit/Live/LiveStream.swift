/// Runs the live pipeline on audio that arrives as it is spoken (a microphone, a WebSocket
/// client): whatever reached the inbox is fed, listeners hear it too (those on their own
/// thread as it reaches the inbox), then a live pass runs if one is due. When the inbox closes, the open line gets its final pass; when it is
/// abandoned, the run just stops.
///
/// The wait for audio is 50 ms at most, half of the 100 ms pieces a replayed recording
/// arrives in, so a live pass that became due is started within that time. Audio is fed at
/// most a second at a time, and no live pass runs while more than half a second waits.
public enum LiveStream {
    public static let pollSeconds = 0.05
    /// The most audio fed at once (1 s): what waits beyond it stays in the inbox, where a
    /// sender that is far ahead is held back (`ozen serve`) instead of piling up in the pipeline.
    public static let pieceSamples = MonoAudio.speechRate
    /// Audio still waiting in the inbox after a piece that means the pipeline is behind.
    public static let behindSeconds = 0.5

    public static func run(_ inbox: LiveAudioInbox, through captioner: LiveCaptioner,
                           listeners: [any AudioListener] = [],
                           emit: (CaptionEvent) -> Void) throws {
        emit(.status(.listening, at: captioner.fedSeconds))
        captioner.endOfAudio = inbox.ended
        // The sound alerts hear the audio as it arrives, not when a pass lets this loop take it.
        for case let own as ListenersOnTheirOwnThread in listeners { own.hear(from: inbox) }
        while true {
            let (samples, closed) = inbox.take(waitingUpTo: pollSeconds, atMost: pieceSamples)
            if !samples.isEmpty {
                let start = captioner.fedSeconds
                let wide = inbox.takeWide(matching: samples.count)
                for listener in listeners { try listener.hear(samples, wide: wide, start: start, emit: emit) }
                try captioner.feed(samples, emit: emit)
            }
            if closed { break }
            if inbox.isAbandoned { return }
            // Behind (a pass ran long, or a client sends faster than it speaks): catch up first;
            // a live pass on audio that is already old would only delay the finals.
            if inbox.pendingSeconds >= behindSeconds { continue }
            try captioner.livePassIfDue(emit: emit)
        }
        if inbox.isAbandoned { return }
        try captioner.finish(emit: emit)
        for listener in listeners { try listener.finish(emit: emit) }
        emit(.status(.finished(lines: captioner.linesEmitted, audioSeconds: captioner.fedSeconds), at: captioner.fedSeconds))
    }
}
