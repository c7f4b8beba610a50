import Foundation

/// Runs one recognizer pass: its decoding options (beam, prompt, the final passes' audio
/// context margin, the live passes' cancellation), what it cost on the pipeline's clock, and
/// the pass log; its text is cleaned by `PassCleanup`.
final class PassDecoder {
    /// What a pass gave: its cleaned transcript, its cost as the pipeline's clock counts it,
    /// and whether its text held a short loop (`ShortLoop`), now cut to one copy.
    struct Pass {
        var transcript: Transcript
        var cost: Double
        var looped: Bool
        /// Whether any words went as a loop's copies (`LoopGuard`, long runs too). The words kept
        /// are the last copy's, and their times are where Whisper put a copy it wrote again, past
        /// the words said: on the held-out table a live pass wrote Allison's "…dial 2 now, if
        /// you'd like to test out the voice over IP capabilities of Asterisk," three times, a
        /// sentence locked on it put "now." 2.5 s late, and the next passes started after "If
        /// you'd like to test out the voice over IP", which no line then held. Such a pass's times
        /// cut nothing (`LiveCaptioner.lockFinishedSentence`, `OpenLine.takeFinal`).
        var repeated = false
    }

    let recognizer: any SpeechRecognizer
    let clock: any PipelineClock
    let settings: LiveSettings
    let rate = Double(MonoAudio.speechRate)
    /// Cancelled when the audio ends: see `LiveCaptioner.endOfAudio`.
    var endOfAudio: PassCancellation?
    /// Told of every pass and what it cost.
    var passLog: ((String) -> Void)?
    /// Seconds spent in recognizer passes (the pipeline's busy time).
    private(set) var busySeconds = 0.0
    /// Seconds each final pass took, as measured (for a stream's summary).
    private(set) var finalPassSeconds: [Double] = []
    var cleanup = PassCleanup()

    init(recognizer: any SpeechRecognizer, clock: any PipelineClock, settings: LiveSettings) {
        self.recognizer = recognizer
        self.clock = clock
        self.settings = settings
    }

    /// Decodes a pass, primed with `prompt`'s names list only when `prompted` and `final`.
    /// `afresh`: no prompt at all and Whisper's temperature fallback, for a final pass that
    /// came back looping (its random sampling is seeded, so a replay repeats it).
    func decode(_ samples: [Float], beam: Int, prompt: PassPrompt, prompted: Bool = true, final: Bool = false,
                afresh: Bool = false) throws -> Pass {
        let started = ContinuousClock.now
        let clockBefore = clock.now
        let choices = settings.finalPass
        let unprimed = afresh || (final && !choices.prompted)
        var options = DecodingOptions(language: settings.language, beamSize: beam,
                                      prompt: unprimed ? nil : prompt.text(withNames: prompted && final),
                                      allowsFallback: afresh || (final && choices.fallback),  // see DecodingOptions
                                      audioContextMargin: final ? settings.finalAudioContextMargin : nil)
        options.isLivePass = !final
        if final { options.minimumAudioContext = choices.minimumWindow }
        if !final { options.cancellation = endOfAudio }
        var audio = samples
        if final && choices.silencePadding > 0 {
            let quiet = [Float](repeating: 0, count: Int(choices.silencePadding * rate))
            audio = quiet + samples + quiet
        }
        var transcript: Transcript
        do {
            transcript = try recognizer.transcribe(audio, options: options)
        } catch let cancelled as PassCancelled {
            let spent = RealTimeClock.seconds(ContinuousClock.now - started)
            clock.charge(spent)
            busySeconds += spent
            throw cancelled
        }
        if audio.count != samples.count {
            // Word times count from the utterance's own first sample, not the silence before it.
            let pad = Double(audio.count - samples.count) / 2 / rate
            for i in transcript.words.indices {
                transcript.words[i].start = max(0, transcript.words[i].start - pad)
                transcript.words[i].end = max(transcript.words[i].start, transcript.words[i].end - pad)
            }
        }
        let measured = RealTimeClock.seconds(ContinuousClock.now - started)
        passLog?(String(format: "%@ pass over %.1f s of audio: %.2f s%@%@", final ? "final" : "live",
                        Double(samples.count) / rate, measured, afresh ? " (afresh, after a loop)" : "",
                        prompted || !final ? "" : " (unprompted)") + " «\(transcript.text)»")
        clock.charge(measured)
        busySeconds += measured
        if final { finalPassSeconds.append(measured) }
        // The pass's cost as the pipeline's clock counts it (real time, the audio clock's charge,
        // or the tests' steady cost): what the next pass's spacing is based on.
        let cost = clock.now - clockBefore
        let cleaned = cleanup.clean(transcript)
        return Pass(transcript: cleaned.transcript, cost: cost, looped: cleaned.looped, repeated: cleaned.repeated)
    }
}
