import Foundation
import OzenIO
import OzenKit
import Synchronization

/// One WebSocket connection of `ozen serve`, speaking home protocol v1: a phone (or the page's
/// own microphone) streaming audio for captions, a connection check, a display page following
/// this computer's captions, or a problem report from the app (saved in `AppReports`).
/// `HomeConnection` decides; this carries it out, and `ConnectionLog` says it on stderr.
///
/// A streaming client gets a pipeline of its own on a thread of its own: audio frames go into
/// its inbox from CivetWeb's thread and never wait on recognition. After `end` the open
/// utterance gets its final and the connection is closed (1000); a client that hangs up
/// without `end` gets no final, and its pipeline stops. A pass that fails closes with 1011.
final class HomeSocket: WebSocketHandler, Sendable {
    struct Services: Sendable {
        let engines: CaptionEngines
        let display: DisplayHub
        let connections: HomeConnections
        let pairing: PairingToken?
        /// Stars a line of this computer's own conversation (nil: nothing is saved).
        let star: (@Sendable (Int, Bool) -> Void)?
        /// Says a sentence aloud for her; returns what went wrong, if anything.
        let say: (@Sendable (String) -> String?)?
        /// Finishes dictation takes (nil: dictation is refused).
        let dictation: PageDictation?
        /// Where each stream's pipeline runs, so the server can wait for them when it stops.
        let threads: PipelineThreads
        /// Where the app's problem reports are kept.
        let reports: AppReports
    }

    private let peer: WebSocketPeer
    private let services: Services
    private struct State {
        var connection: HomeConnection
        var inbox: LiveAudioInbox?
        /// This stream's place on the shared recognizer, from its hello until its pipeline ends.
        var stream: RecognizerSchedule.Stream?
        var joinedDisplay = false
        var dictating = false
        /// Touched only on the connection's own queue (it was unlocked before).
        var toldTooFast = false
        /// This connection's number in `services.connections`.
        var id = 0
        /// The hello taken (a report's client line comes from it).
        var greeting: HomeHello?
    }
    private let state: Mutex<State>
    private let vocabulary = VocabularyHandover()
    private let log: ConnectionLog
    /// This connection's number in `services.connections`.
    private var id: Int { state.withLock { $0.id } }
    /// Audio a client may have sent ahead of the captions: beyond `bufferedAudioLimit` seconds
    /// its frames are read only as the pipeline takes them (TCP slows the client down), until
    /// the backlog is under `bufferedAudioResume`.
    static let bufferedAudioLimit = 30.0
    static let bufferedAudioResume = 20.0

    init(peer: WebSocketPeer, services: Services) {
        self.peer = peer
        self.services = services
        state = Mutex(State(connection: HomeConnection(pairing: services.pairing, model: services.engines.modelName)))
        log = ConnectionLog(address: peer.remoteAddress)
        let id = services.connections.opened(self, from: peer.remoteAddress)
        state.withLock { $0.id = id }
        log.id = id
        DispatchQueue.global().asyncAfter(deadline: .now() + HomeConnection.helloSeconds) { [weak self] in
            guard let self else { return }
            self.carryOut(self.withConnection { $0.helloDeadlinePassed() })
        }
    }

    func received(text: String) { carryOut(admitted(withConnection { $0.receive(text: text) })) }
    func received(binary: [UInt8]) { carryOut(withConnection { $0.receive(binary: binary) }) }

    func closed() {
        let (inbox, wasDisplay, dictating) = state.withLock { ($0.inbox, $0.joinedDisplay, $0.dictating) }
        // A dictation client gone mid-take (a phone off the Wi-Fi): the take is finished and
        // saved all the same, so nothing dictated is lost. Captions of a client gone just stop.
        if dictating { inbox?.close() } else { inbox?.abandon() }
        if wasDisplay { services.display.leave(peer) }
        services.connections.closed(id)
        log.ended()
    }

    /// Too many connections wait for their hello and this one has waited longest.
    func pushedOut() {
        carryOut(withConnection { connection in
            guard connection.phase == .awaitingHello else { return [] }
            return connection.refuse(.badRequest, tr("יותר מדי חיבורים ממתינים לברכה; החיבור הזה חיכה הכי הרבה",
                                                     "too many connections are waiting to say hello; this one waited longest"))
        })
    }

    /// A good hello still needs a place: among the server's connections, and for captions on
    /// the shared recognizer. Without one, the hello is answered `busy` instead of `ready`.
    private func admitted(_ actions: [HomeConnection.Action]) -> [HomeConnection.Action] {
        guard let hello = actions.lazy.compactMap({ action -> HomeHello? in
            if case .begin(let hello) = action { return hello }
            return nil
        }).first else { return actions }
        if case .refused(let why) = services.connections.greeted(id) {
            return withConnection { $0.refuse(.busy, why) }
        }
        guard hello.purpose.streamsAudio else { return actions }
        if hello.purpose == .dictation, services.dictation == nil {
            return withConnection { $0.refuse(.badRequest, tr("הכתבה אינה זמינה בשרת הזה", "dictation is not available on this server")) }
        }
        do {
            let stream = try services.engines.schedule.join()
            state.withLock { $0.stream = stream }
            return actions
        } catch {
            return withConnection { $0.refuse(.busy, String(describing: error)) }
        }
    }

    private func withConnection(_ body: (inout HomeConnection) -> [HomeConnection.Action]) -> [HomeConnection.Action] {
        state.withLock { body(&$0.connection) }
    }

    private func carryOut(_ actions: [HomeConnection.Action]) {
        for action in actions {
            switch action {
            case .send(let message): peer.send(text: message.serialized())
            case .close(let code): peer.close(code: code)
            case .begin(let hello): begin(hello)
            case .audio(let samples): take(samples)
            case .vocabulary(let terms): vocabulary.offer(terms)
            case .end: currentInbox()?.close()
            case .star(let lineID, let starred): services.star?(lineID, starred)
            case .say(let sentence): say(sentence)
            case .report(let text): saveReport(text)
            }
        }
    }

    /// Audio into the pipeline's inbox; a client far ahead of the captions is told once and
    /// then held back (this waits on the connection's own queue, so only it is slowed).
    private func take(_ samples: [Float]) {
        guard let inbox = currentInbox() else { return }
        log.heard(samples: samples.count)
        inbox.push(samples)
        guard inbox.pendingSeconds > Self.bufferedAudioLimit else { return }
        if state.withLock({ state in let first = !state.toldTooFast; state.toldTooFast = true; return first }) {
            peer.send(text: HomeMessage.status(state: "too_fast", detail: tr(
                "השמע מגיע מהר יותר מקצב הדיבור; השרת יקרא אותו רק בקצב שבו הוא מתמלל",
                "audio is arriving faster than it is spoken; the server now reads it only as fast as it captions it")).json.serialized())
        }
        inbox.waitForRoom(belowSeconds: Self.bufferedAudioResume)
    }

    private func currentInbox() -> LiveAudioInbox? { state.withLock { $0.inbox } }

    private func begin(_ hello: HomeHello) {
        log.greeted(hello, streams: hello.purpose.streamsAudio)
        state.withLock { $0.greeting = hello }
        switch hello.purpose {
        case .check, .report:
            break
        case .display:
            state.withLock { $0.joinedDisplay = true }
            services.display.join(peer)
        case .captions, .dictation:
            let inbox = LiveAudioInbox()
            state.withLock {
                $0.inbox = inbox
                $0.dictating = hello.purpose == .dictation
            }
            if !hello.vocabulary.isEmpty { vocabulary.offer(hello.vocabulary) }
            services.threads.start(name: "ozen-home-stream") { [self] in
                stream(hello, inbox)
                log.ended()
            }
        }
    }

    /// Runs this client's pipeline until its inbox closes (or is abandoned), then closes.
    private func stream(_ hello: HomeHello, _ inbox: LiveAudioInbox) {
        var numbering = HomeTextNumbering()
        let schedule = services.engines.schedule
        let place = state.withLock { $0.stream }
        defer {
            if let place { schedule.leave(place) }
            // The last stream gone: what its pipelines freed goes back to the system, so a
            // server that ran four streams an hour ago does not keep their memory.
            if schedule.streamCount == 0 { FreedMemory.giveBack() }
        }
        do {
            guard let place else { throw HomeStreamError.noPlace }
            // A dictation take stays on this computer even with cloud captions on: only its text
            // may leave, for the polish, and only if she chose that.
            let isTake = hello.purpose == .dictation
            let captioner = try services.engines.captioner(language: hello.language, stream: place,
                                                           settings: isTake ? PipelineSettings.dictation(language: hello.language) : nil,
                                                           finalBeam: hello.beam, cloud: !isTake)
            defer { log.finalPasses(captioner.finalPassSeconds) }
            let handover = VocabularyListener(handover: vocabulary, captioner: captioner)
            let overload = OverloadNotice(schedule: schedule) { [peer] in peer.send(text: $0.json.serialized()) }
            var lines: [String] = []  // a dictation take's, for its text; a captions stream keeps none
            let keepsLines = isTake
            let log = self.log
            // A phone's locked lines are heard again too; a dictation take's text is its first locks.
            let corrector = isTake ? nil : try services.engines.corrector(language: hello.language, clock: RealTimeClock())
            defer { corrector?.abandon() }
            let followers: [any CaptionFollower] = corrector.map { [$0] } ?? []
            try LiveStream.run(inbox, through: captioner, listeners: [handover, overload] + followers) { event in
                CaptionFollowing.send(event, through: followers) { event in
                    if keepsLines, case .line(let line, _) = event, !line.text.isEmpty { lines.append(line.text) }
                    if let message = numbering.message(for: event) {
                        peer.send(text: message.serialized())
                        if case .line = event { log.sent(final: true) } else { log.sent(final: false) }
                    }
                }
            }
            if hello.purpose == .dictation, let dictation = services.dictation {
                let seconds = Double(inbox.received) / Double(MonoAudio.speechRate)
                let cut = seconds >= HomeConnection.longestTakeSeconds - 0.01
                peer.send(text: dictation.finish(lines: lines, seconds: seconds, cut: cut, language: hello.language).serialized())
            }
            peer.close(code: 1000)
        } catch {
            peer.send(text: JSONValue.object([("type", .string("error")), ("code", .string("server_error")),
                                             ("detail", .string(String(describing: error)))]).serialized())
            peer.close(code: 1011)
        }
    }

    /// Saves a report and answers `report_saved` with its file name, then closes; a report that
    /// cannot be written is answered `server_error` (the app keeps it and may send it again).
    private func saveReport(_ text: String) {
        let hello = state.withLock { $0.greeting }
        do {
            let name = try services.reports.save(text, client: hello?.client)
            log.note("report saved as \(name) (\(text.utf8.count) bytes)")
            peer.send(text: HomeMessage.reportSaved(name: name).json.serialized())
            peer.close(code: 1000)
        } catch {
            log.note("report not saved: \(error)")
            peer.send(text: JSONValue.object([("type", .string("error")), ("code", .string("server_error")),
                                             ("detail", .string(String(describing: error)))]).serialized())
            peer.close(code: 1011)
        }
    }

    private func say(_ sentence: String) {
        guard let say = services.say else {
            peer.send(text: Self.said(ok: false, detail: tr("דיבור אינו זמין בשרת הזה", "speech is not available on this server")))
            return
        }
        DispatchQueue.global().async { [peer] in
            let problem = say(sentence)
            peer.send(text: Self.said(ok: problem == nil, detail: problem))
        }
    }

    static func said(ok: Bool, detail: String?) -> String {
        var fields: [(String, JSONValue)] = [("type", .string("said")), ("ok", .bool(ok))]
        if let detail { fields.append(("detail", .string(detail))) }
        return JSONValue.object(fields).serialized()
    }
}

enum HomeStreamError: Error, CustomStringConvertible {
    case noPlace
    var description: String { "the stream has no place on the recognizer" }
}

/// A words list a client sent, waiting for its pipeline's thread to take it.
final class VocabularyHandover: Sendable {
    private let waiting = Mutex<[String]?>(nil)

    func offer(_ terms: [String]) {
        waiting.withLock { $0 = terms }
    }

    func take() -> [String]? {
        waiting.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }
    }
}

/// Hands a new words list to the pipeline on its own thread, between pieces of audio.
final class VocabularyListener: AudioListener {
    let handover: VocabularyHandover
    let captioner: LiveCaptioner

    init(handover: VocabularyHandover, captioner: LiveCaptioner) {
        self.handover = handover
        self.captioner = captioner
    }

    func hear(_ samples: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        if let terms = handover.take() { captioner.useVocabulary(terms) }
    }
}
