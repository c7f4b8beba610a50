import Foundation
import OzenIO
import OzenKit

/// One WebSocket connection of `ozen serve`, speaking home protocol v1: a phone (or the page's
/// own microphone) streaming audio for captions, a connection check, or a display page
/// following this computer's captions. `HomeConnection` decides; this carries it out.
///
/// A streaming client gets a pipeline of its own on a thread of its own: audio frames go into
/// its inbox from CivetWeb's thread and never wait on recognition. After `end` the open
/// utterance gets its final and the connection is closed (1000); a client that hangs up
/// without `end` gets no final, and its pipeline stops. A pass that fails closes with 1011.
final class HomeSocket: WebSocketHandler, @unchecked Sendable {
    struct Services: Sendable {
        let engines: CaptionEngines
        let display: DisplayHub
        let pairing: PairingToken?
        /// Stars a line of this computer's own conversation (nil: nothing is saved).
        let star: (@Sendable (Int, Bool) -> Void)?
        /// Says a sentence aloud for her; returns what went wrong, if anything.
        let say: (@Sendable (String) -> String?)?
    }

    private let peer: WebSocketPeer
    private let services: Services
    private let lock = NSLock()
    private var connection: HomeConnection
    private var inbox: LiveAudioInbox?
    private var vocabulary = VocabularyHandover()
    private var joinedDisplay = false

    init(peer: WebSocketPeer, services: Services) {
        self.peer = peer
        self.services = services
        connection = HomeConnection(pairing: services.pairing, model: services.engines.modelName)
        DispatchQueue.global().asyncAfter(deadline: .now() + HomeConnection.helloSeconds) { [weak self] in
            guard let self else { return }
            self.carryOut(self.withConnection { $0.helloDeadlinePassed() })
        }
    }

    func received(text: String) { carryOut(withConnection { $0.receive(text: text) }) }
    func received(binary: [UInt8]) { carryOut(withConnection { $0.receive(binary: binary) }) }

    func closed() {
        lock.lock()
        let inbox = self.inbox
        let wasDisplay = joinedDisplay
        lock.unlock()
        inbox?.abandon()
        if wasDisplay { services.display.leave(peer) }
    }

    private func withConnection(_ body: (inout HomeConnection) -> [HomeConnection.Action]) -> [HomeConnection.Action] {
        lock.lock()
        defer { lock.unlock() }
        return body(&connection)
    }

    private func carryOut(_ actions: [HomeConnection.Action]) {
        for action in actions {
            switch action {
            case .send(let message): peer.send(text: message.serialized())
            case .close(let code): peer.close(code: code)
            case .begin(let hello): begin(hello)
            case .audio(let samples): currentInbox()?.push(samples)
            case .vocabulary(let terms): vocabulary.offer(terms)
            case .end: currentInbox()?.close()
            case .star(let lineID, let starred): services.star?(lineID, starred)
            case .say(let sentence): say(sentence)
            }
        }
    }

    private func currentInbox() -> LiveAudioInbox? {
        lock.lock()
        defer { lock.unlock() }
        return inbox
    }

    private func begin(_ hello: HomeHello) {
        switch hello.purpose {
        case .check:
            break
        case .display:
            lock.lock()
            joinedDisplay = true
            lock.unlock()
            services.display.join(peer)
        case .captions:
            let inbox = LiveAudioInbox()
            lock.lock()
            self.inbox = inbox
            lock.unlock()
            if !hello.vocabulary.isEmpty { vocabulary.offer(hello.vocabulary) }
            let thread = Thread { [self] in stream(hello, inbox) }
            thread.name = "ozen-home-stream"
            thread.start()
        }
    }

    /// Runs this client's pipeline until its inbox closes (or is abandoned), then closes.
    private func stream(_ hello: HomeHello, _ inbox: LiveAudioInbox) {
        var numbering = HomeTextNumbering()
        do {
            let captioner = try services.engines.captioner(language: hello.language)
            let handover = VocabularyListener(handover: vocabulary, captioner: captioner)
            try LiveStream.run(inbox, through: captioner, listeners: [handover]) { event in
                if let message = numbering.message(for: event) { peer.send(text: message.serialized()) }
            }
            peer.close(code: 1000)
        } catch {
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

/// A words list a client sent, waiting for its pipeline's thread to take it.
final class VocabularyHandover: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [String]?

    func offer(_ terms: [String]) {
        lock.lock()
        waiting = terms
        lock.unlock()
    }

    func take() -> [String]? {
        lock.lock()
        defer { waiting = nil; lock.unlock() }
        return waiting
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
