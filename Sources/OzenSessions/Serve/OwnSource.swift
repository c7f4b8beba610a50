import Foundation
import OzenIO
import OzenKit
import OzenStore

/// The captions of `ozen serve`'s own source, a microphone or a replayed recording: every
/// event goes to stdout, the history, every display page and the notifications, and the
/// sound alerts hear all of the audio.
// @unchecked: its listeners (the sound alerts, not Sendable) are used only on the one thread that runs the pipeline.
final class OwnSource: @unchecked Sendable {
    let engines: CaptionEngines
    let language: SpokenLanguage
    let recorder: ConversationRecorder?
    let display: DisplayHub
    let notifications: CaptionNotifications?
    let listeners: [any AudioListener]
    /// `--interpret`: the source language is translated into English sentence by sentence.
    let interpreting: (settings: InterpreterSettings, reviewer: (any SentenceReviewer)?)?
    /// Every event to the session's sink (the command's prints it), the history, the display
    /// pages and the notifications, in that order.
    private let events: EventFanOut

    /// `sounds` makes the sound alerts (and the page's teaching, which keeps them up to date),
    /// made and heard on a thread of their own so an alert never waits behind a Whisper pass.
    init(engines: CaptionEngines, language: SpokenLanguage, output: @escaping EventFanOut.Sink, recorder: ConversationRecorder?,
         display: DisplayHub, notifications: CaptionNotifications?, sounds: (@Sendable () -> [any AudioListener])?,
         interpreting: (settings: InterpreterSettings, reviewer: (any SentenceReviewer)?)? = nil) {
        self.interpreting = interpreting
        self.engines = engines
        self.language = language
        self.recorder = recorder
        self.display = display
        self.notifications = notifications
        var sinks: [EventFanOut.Sink] = [output]
        if let recorder { sinks.append { recorder.record($0) } }
        sinks.append { display.publish($0) }
        if let notifications { sinks.append { notifications.handle($0) } }
        // The pages learn the conversation's id once the history has saved a line.
        if let recorder { sinks.append { _ in if let id = recorder.conversationID { display.saved(in: id) } } }
        let events = EventFanOut(sinks)
        self.events = events
        listeners = sounds.map { [ListenersOnTheirOwnThread(name: "ozen-serve-sounds", send: { events.send($0) }, making: $0)] } ?? []
    }

    /// One event, from the pipeline's thread or the microphone's watcher, handled whole.
    func handle(_ event: CaptionEvent) {
        events.send(event)
    }

    /// Captions a recording as if it were spoken now; the server keeps serving afterwards.
    /// `stopped`: the server is stopping; the replay ends where it is, its open line finished.
    func replay(_ recording: MonoAudio, until stopped: PassCancellation) {
        let clock = RealTimeClock()
        do {
            let (captioner, followers) = try pipeline(clock: clock)
            try RecordingReplay.run(recording, through: captioner, clock: clock, until: stopped, listeners: listeners + followers) { event in
                CaptionFollowing.send(event, through: followers) { handle($0) }
            }
            say(tr("ozen: ההקלטה הסתיימה; השרת ממשיך לפעול (Ctrl-C לסיום)", "ozen: the recording has ended; still serving (Ctrl-C to stop)"))
        } catch {
            handle(.status(.failed(reason: String(describing: error), action: tr("בדקו את ההקלטה ואת המודל", "check the recording and the model")), at: 0))
        }
        settle()
    }

    /// Captions the microphone until the server stops; the microphone recovers by itself.
    func listen(_ microphone: MicrophoneInput, inbox: LiveAudioInbox) {
        do {
            let clock = RealTimeClock()
            let (captioner, followers) = try pipeline(clock: clock)
            try microphone.start(into: inbox) { [weak self] status in
                self?.handle(.status(status, at: microphone.deliveredSeconds))
                if case .failed = status { inbox.close() }
            }
            try LiveStream.run(inbox, through: captioner, listeners: listeners + followers) { event in
                CaptionFollowing.send(event, through: followers) { handle($0) }
            }
        } catch {
            handle(.status(.failed(reason: String(describing: error), action: tr("בדקו את המיקרופון ב־ozen devices", "check the microphone with ozen devices")), at: 0))
        }
        notifications?.close()
        settle()
    }

    /// Captions the room and a call together (`RoomAndCallRun`) until the server stops: each
    /// line says where it was heard, and the call's echo in the room's microphone is dropped.
    /// The sound alerts hear the room.
    func listen(room: MicrophoneInput, call: MicrophoneInput, inboxes: (room: LiveAudioInbox, call: LiveAudioInbox)) {
        do {
            let clock = RealTimeClock()
            let (roomCaptioner, roomFollowers) = try pipeline(clock: clock)
            let (callCaptioner, callFollowers) = try pipeline(clock: clock)
            let both = RoomAndCallRun(
                room: .init(source: .room, input: room, inbox: inboxes.room,
                            pipeline: .init(captioner: roomCaptioner, followers: roomFollowers, listeners: listeners + roomFollowers)),
                call: .init(source: .call, input: call, inbox: inboxes.call,
                            pipeline: .init(captioner: callCaptioner, followers: callFollowers, listeners: callFollowers)),
                send: { [weak self] in self?.handle($0) })
            try both.run()
            handle(.status(.finished(lines: both.lines, audioSeconds: both.seconds), at: both.seconds))
        } catch {
            handle(.status(.failed(reason: String(describing: error), action: tr("בדקו את המיקרופון ב־ozen devices", "check the microphone with ozen devices")), at: 0))
        }
        notifications?.close()
        settle()
    }

    /// The caption pipeline and what follows it: the corrector, or with --interpret the interpreter.
    private func pipeline(clock: any PipelineClock) throws -> (LiveCaptioner, [any CaptionFollower]) {
        // This computer's own microphone is never refused a place on the recognizer.
        let stream = try engines.schedule.join(always: true)
        guard let interpreting else {
            let corrector = try engines.corrector(language: language, clock: clock)
            return (try engines.captioner(language: language, stream: stream, clock: clock), corrector.map { [$0] } ?? [])
        }
        let settings = try PipelineSettings.interpreting(language: interpreting.settings.language)
        let captioner = try engines.captioner(language: interpreting.settings.language, stream: stream, clock: clock,
                                              settings: settings)
        // The translator's decodes take their turn with the streams' passes, as this stream's finals.
        let translator = WhisperTranslator(recognizer: ScheduledRecognizer(base: engines.strongest, schedule: engines.schedule, stream: stream))
        let reviewer = interpreting.reviewer ?? (settings.corrections.enabled
            ? FullWindowReviewer(recognizer: engines.strongest, settings: settings.corrections) : nil)
        let interpreter = Interpreter(translator: translator, reviewer: reviewer,
                                      settings: interpreting.settings, clock: clock)
        return (captioner, [interpreter])
    }

    /// Late lines still get their conversation id once the history has saved them.
    private func settle() {
        for _ in 0..<20 where recorder?.conversationID == nil { Thread.sleep(forTimeInterval: 0.25) }
        if let id = recorder?.conversationID { display.saved(in: id) }
    }

    private func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
