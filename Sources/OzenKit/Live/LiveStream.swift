/// Runs the live pipeline on audio that arrives as it is spoken (a microphone, a WebSocket
/// client): whatever reached the inbox is fed, listeners hear it too, then a live pass runs if
/// one is due. When the inbox closes, the open line gets its final pass; when it is
/// abandoned, the run just stops.
///
/// The wait for audio is 50 ms at most, half of the 100 ms pieces a replayed recording
/// arrives in, so a live pass that became due is started within that time.
public enum LiveStream {
    public static let pollSeconds = 0.05

    public static func run(_ inbox: LiveAudioInbox, through captioner: LiveCaptioner,
                           listeners: [any AudioListener] = [],
                           emit: (CaptionEvent) -> Void) throws {
        emit(.status(.listening, at: captioner.fedSeconds))
        while true {
            let (samples, closed) = inbox.take(waitingUpTo: pollSeconds)
            if !samples.isEmpty {
                let start = captioner.fedSeconds
                for listener in listeners { try listener.hear(samples, start: start, emit: emit) }
                try captioner.feed(samples, emit: emit)
            }
            if closed { break }
            if inbox.isAbandoned { return }
            try captioner.livePassIfDue(emit: emit)
        }
        if inbox.isAbandoned { return }
        try captioner.finish(emit: emit)
        for listener in listeners { try listener.finish(emit: emit) }
        emit(.status(.finished(lines: captioner.linesEmitted, audioSeconds: captioner.fedSeconds), at: captioner.fedSeconds))
    }
}
