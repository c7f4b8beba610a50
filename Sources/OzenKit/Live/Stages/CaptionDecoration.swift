import Foundation

/// Decoration: what each caption event gets on its way out. Who said it (`LineSpeakers`; a
/// finished line can correct the speakers of lines before it), the paragraph a finished line
/// starts in and where new ones begin inside it, a `gap` event before a line that follows a
/// long silence (`ParagraphBreaker`), and after the event the alerts its settled words raise
/// (`TextStage`).
struct CaptionDecoration {
    /// Who said each line; nil: lines carry no speaker.
    let speakers: LineSpeakers?
    let clock: any PipelineClock
    private var paragraphs = ParagraphBreaker()
    private var textStage: TextStage
    /// The wall-clock time of the first sample, for the clock time a gap ends at.
    var startedAt = Date()

    init(settings: LiveSettings, speakers: LineSpeakers?, clock: any PipelineClock) {
        self.speakers = speakers
        self.clock = clock
        self.textStage = TextStage(language: settings.language == .auto ? "en" : settings.language.rawValue,
                                   keywords: settings.keywords.compactMap(KeywordAlert.init))
    }

    /// Emits a caption event, then the alerts its settled words raise. `audio` holds the
    /// line's audio; `at` is the pipeline's time now (`LiveCaptioner.at`).
    mutating func send(_ event: CaptionEvent, audio: AudioWindow, at: () -> Double, emit: (CaptionEvent) -> Void) {
        var event = event
        var corrections: [SpeakerTracker.Correction] = []
        if let speakers {
            let spentBefore = speakers.busySeconds
            switch event {
            case .partial(var partial, let at):
                partial.speaker = speakers.partial(lineID: partial.id, audio: audio.samples(seconds: partial.start, to: partial.end))
                event = .partial(partial, at: at)
            case .line(var finished, let at):
                if finished.text.isEmpty {
                    finished.speaker = speakers.partial(lineID: finished.id, audio: [])
                } else {
                    let assignment = speakers.finished(lineID: finished.id, audio: audio.samples(seconds: finished.start, to: finished.end))
                    finished.speaker = assignment.speaker
                    corrections = assignment.corrections
                }
                event = .line(finished, at: at)
            default:
                break
            }
            clock.charge(speakers.busySeconds - spentBefore)
        }
        defer {
            for correction in corrections { emit(.speaker(lineID: correction.lineID, speaker: correction.speaker, at: at())) }
        }
        if case .line(var finished, let at) = event, !finished.text.isEmpty {
            let placement = paragraphs.place(finished)
            finished.paragraph = placement.paragraph
            finished.paragraphBreaks = placement.breaks
            if let silence = placement.gapBefore {
                emit(.gap(silence: silence, resumedAt: startedAt.addingTimeInterval(finished.start), at: at))
            }
            event = .line(finished, at: at)
        }
        emit(event)
        let line: CaptionLine, settledThrough: Int?
        switch event {
        case .partial(let l, _):
            line = l
            let settled = l.text.split(separator: " ").prefix(l.settledWords ?? 0)
            settledThrough = settled.isEmpty ? 0 : settled.joined(separator: " ").utf16.count
        case .line(let l, _):
            line = l
            settledThrough = nil
        default:
            return
        }
        guard !line.text.isEmpty else { return }
        for alert in textStage.process(SettledLine(id: line.id, text: line.text, at: at(), settledThrough: settledThrough)).alerts {
            emit(.alert(alert))
        }
    }
}
