import Foundation
import OzenEngines
import OzenKit

extension AccuracyBench {
    struct StampedEvent {
        var event: CaptionEvent
        /// Seconds since the audio started, on this process's wall clock, when it was written.
        var wall: Double
    }

    /// One pass of the live pipeline over a recording: its events and the CPU it took.
    struct Run {
        var events: [StampedEvent]
        var cpu: Double
        /// Each line once, with its final text (parts of a split line are lines of their own):
        /// as corrected in place, where a correction came (`LineCorrector`).
        var lines: [CaptionLine] {
            var corrected: [Int: CaptionLine] = [:]
            for stamped in events { if case .corrected(let correction, _) = stamped.event { corrected[correction.line.id] = correction.line } }
            return firstLocks.map { corrected[$0.id] ?? $0 }
        }
        /// Each line as it first locked, before any correction.
        var firstLocks: [CaptionLine] {
            events.compactMap { if case .line(let line, _) = $0.event, !line.text.isEmpty { return line } else { return nil } }
        }
        /// Lines corrected in place.
        var corrections: Int {
            events.reduce(0) { if case .corrected = $1.event { $0 + 1 } else { $0 } }
        }
        /// Seconds from each corrected line's end of speech to its correction, on the wall clock.
        var correctionLatency: [Double] {
            CaptionLatency(stamped: events.map { ($0.event, $0.wall) }).corrections
        }

        /// Per line: locked minus its end, its words first shown all settled minus the same end,
        /// first shown minus its start (the lines' own times).
        func lineLatency() -> (settle: [Double], textFinal: [Double], firstWords: [Double]) {
            let latency = CaptionLatency(stamped: events.map { ($0.event, $0.wall) })
            return (latency.settle, latency.textFinal, latency.firstWords)
        }

        /// Per true turn: the last line that overlaps it locked minus its speech's end; that
        /// line's words first shown all settled minus the same end (`CaptionLatency`); the first
        /// words shown of a line overlapping it minus its start.
        func turnLatency(_ turns: [SpeechTurn]) -> (settle: [Double], textFinal: [Double], firstWords: [Double]) {
            let lineLatency = CaptionLatency(stamped: events.map { ($0.event, $0.wall) }).samples
            var settle: [Double] = [], textFinal: [Double] = [], first: [Double] = []
            for turn in turns {
                func overlaps(_ line: CaptionLine) -> Bool { min(line.end, turn.end) - max(line.start, turn.start) > 0.2 }
                let shown = events.first { stamped in
                    switch stamped.event {
                    case .partial(let line, _), .line(let line, _): return !line.text.isEmpty && overlaps(line)
                    default: return false
                    }
                }
                let locked = events.last { stamped in
                    if case .line(let line, _) = stamped.event { return !line.text.isEmpty && overlaps(line) } else { return false }
                }
                if let locked, case .line(let line, _) = locked.event {
                    settle.append(locked.wall - turn.end)
                    let sample = lineLatency.first { $0.lineID == line.id }
                    textFinal.append((sample.map { $0.textFinal + line.end } ?? locked.wall) - turn.end)
                }
                if let shown { first.append(shown.wall - turn.start) }
            }
            return (settle, textFinal, first)
        }
    }

    /// One pass of the live pipeline over the recording, with fresh speakers and sounds.
    static func caption(_ recording: Recording, settings: LiveSettings, realtime: Bool, home: OzenHome,
                        recognizerSettings: WhisperRecognizer.Settings, showPasses: Bool) throws -> Run {
        let models = try PipelineBuilder(home: home, models: .init(live: "base", recognizer: recognizerSettings, speakers: true))
        let sounds = SoundAlerts.watchOrWarn(home: home, alsoMuted: [])
        let clock: any PipelineClock = realtime ? RealTimeClock() : SteadyCostClock()
        let captioner = try models.captioner(settings: settings, clock: clock)
        let corrector = models.corrector(settings: settings, clock: clock, inline: !realtime)
        let followers: [any CaptionFollower] = corrector.map { [$0] } ?? []
        let started = ContinuousClock.now
        if showPasses {
            captioner.passLog = { line in
                FileHandle.standardError.write(Data((String(format: "   %6.2f  ", RealTimeClock.seconds(ContinuousClock.now - started)) + line + "\n").utf8))
            }
        }
        let cpuBefore = ProcessUsage.cpuSeconds()
        var events: [StampedEvent] = []
        try RecordingReplay.run(MonoAudio(samples: recording.samples, sampleRate: MonoAudio.speechRate), through: captioner,
                                clock: clock, listeners: (sounds.map { [$0] } ?? []) + followers) { event in
            CaptionFollowing.send(event, through: followers) { event in
                events.append(StampedEvent(event: event, wall: realtime ? RealTimeClock.seconds(ContinuousClock.now - started) : event.at))
            }
        }
        return Run(events: events, cpu: ProcessUsage.cpuSeconds() - cpuBefore)
    }

    /// The same model with no time pressure: Whisper's full window, beam 5, fallback on.
    static func offline(_ samples: [Float], language: SpokenLanguage, recognizer: WhisperRecognizer, wholeRecording: Bool) throws -> String {
        var options = DecodingOptions(language: language, beamSize: 5, prompt: nil, allowsFallback: true, audioContextMargin: 0)
        options.promptsWithEarlierWindows = wholeRecording
        return try recognizer.transcribe(samples, options: options).text.trimmingCharacters(in: .whitespaces)
    }

    public static func stretch(_ samples: [Float], from start: Double, to end: Double) -> [Float] {
        let rate = Double(MonoAudio.speechRate)
        let from = max(0, Int(start * rate)), to = min(samples.count, Int(end * rate))
        return from < to ? Array(samples[from..<to]) : []
    }

    /// Lines that hold two people: at least 0.5 s of each of two turns of different speakers.
    static func twoPersonLines(_ lines: [CaptionLine], turns: [SpeechTurn]) -> Int {
        lines.filter { line in
            let heard = Set(turns.filter { min(line.end, $0.end) - max(line.start, $0.start) >= 0.5 }.map(\.speaker))
            return heard.count > 1
        }.count
    }
}
