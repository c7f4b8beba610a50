/// Feeds a recording through the live pipeline as if it were being spoken: audio "arrives"
/// in 100 ms pieces at the clock's pace, everything that has arrived is fed, then a live pass
/// runs if one is due. With `RealTimeClock` this takes as long as the recording; with
/// `AudioClock` it runs as fast as the CPU allows and `at` still shows what a listener saw.
/// In real time a live pass still running when the recording ends is cancelled, as when she
/// taps stop (`cancelsLivePassAtEnd: false` lets it run out: the bench's baseline).
/// `stopped` ends the replay early, as if the recording ended there (a server stopping).
public struct RecordingReplay {
    public static let chunkSeconds = 0.1

    public static func run(_ audio: MonoAudio, through captioner: LiveCaptioner, clock: any PipelineClock,
                           until stopped: PassCancellation? = nil, listeners: [any AudioListener] = [], cancelsLivePassAtEnd: Bool = true,
                           emit: (CaptionEvent) -> Void) throws {
        let samples = audio.atSpeechRate().samples
        let rate = Double(MonoAudio.speechRate)
        let chunk = Int(chunkSeconds * rate)
        emit(.status(.listening, at: 0))
        // In real time the recording ends at a known instant, as a take ends at her tap.
        if cancelsLivePassAtEnd, let realTime = clock as? RealTimeClock {
            captioner.endOfAudio = PassCancellation(at: realTime.instant(at: Double(samples.count) / rate), following: [stopped])
        }
        var fed = 0
        while fed < samples.count && stopped?.isCancelled != true {
            // Rounded to the nearest sample: now × rate can land a hair under a whole chunk.
            let arrived = min(samples.count, Int((clock.now * rate).rounded()) / chunk * chunk)
            if arrived <= fed {
                clock.wait(until: Double(fed + chunk) / rate)
                continue
            }
            let piece = Array(samples[fed..<arrived])
            for listener in listeners { try listener.hear(piece, start: Double(fed) / rate, emit: emit) }
            try captioner.feed(piece, emit: emit)
            fed = arrived
            try captioner.livePassIfDue(emit: emit)
        }
        try captioner.finish(emit: emit)
        for listener in listeners { try listener.finish(emit: emit) }
        emit(.status(.finished(lines: captioner.linesEmitted, audioSeconds: Double(fed) / rate), at: Double(fed) / rate))
    }
}
