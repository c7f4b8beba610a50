import Foundation
import OzenIO
import OzenKit
import Synchronization

/// The display pages following this computer's own captions. Every caption event goes to each
/// page; a page that connects first gets the newest 300 lines (with their alerts and speaker
/// corrections and stars applied) and the conversation they are saved in, then
/// `{"type":"caught_up"}`, then the live events: the page announces and counts only those.
final class DisplayHub: Sendable {
    /// The page shows the newest 300 lines, with a link to the saved conversation above them.
    static let recentLines = 300

    private struct State {
        var pages: [ObjectIdentifier: WebSocketPeer] = [:]
        var lines: [(line: CaptionLine, at: Double)] = []
        var alerts: [KeywordAlertEvent] = []
        var lastStatus: CaptionEvent?
        var conversation: Int64?
        var starred: Set<Int> = []
        /// The interpreter's English of recent lines, with the second pass's answer when it came.
        var translations: [Int: CaptionEvent] = [:]
        var reviews: [Int: CaptionEvent] = [:]

        mutating func remember(_ event: CaptionEvent) {
            switch event {
            case .line(let line, let at) where !line.text.isEmpty:
                lines.append((line, at))
                if lines.count > DisplayHub.recentLines { lines.removeFirst(lines.count - DisplayHub.recentLines) }
                let oldest = lines.first?.line.id ?? 0
                alerts.removeAll { $0.lineID < oldest }
                starred = starred.filter { $0 >= oldest }
                translations = translations.filter { $0.key >= oldest }
                reviews = reviews.filter { $0.key >= oldest }
            case .translation(let sentence, _):
                translations[sentence.id] = event
            case .reviewed(let revision, _):
                reviews[revision.id] = event
            case .speaker(let lineID, let speaker, _):
                if let index = lines.lastIndex(where: { $0.line.id == lineID }) { lines[index].line.speaker = speaker }
            case .corrected(let correction, _):
                if let index = lines.lastIndex(where: { $0.line.id == correction.line.id }) {
                    let speaker = lines[index].line.speaker
                    lines[index].line = correction.line
                    lines[index].line.speaker = speaker
                }
            case .alert(let alert):
                alerts.append(alert)
            case .status:
                lastStatus = event
            default:
                break
            }
        }
    }

    /// Held while a page is sent what it must see, so it sees each event once and in order.
    private let state = Mutex(State())

    func join(_ page: WebSocketPeer) {
        state.withLock { state in
            state.pages[ObjectIdentifier(page)] = page
            if let conversation = state.conversation { page.send(text: Self.conversationMessage(conversation)) }
            for (line, at) in state.lines {
                guard case .object(let fields) = CaptionEvent.line(line, at: at).json else { continue }
                page.send(text: JSONValue.object(fields + [("starred", .bool(state.starred.contains(line.id)))]).serialized())
            }
            let shown = Set(state.lines.map(\.line.id))
            for alert in state.alerts where shown.contains(alert.lineID) { page.send(text: CaptionEvent.alert(alert).json.serialized()) }
            for (line, _) in state.lines {
                if let translation = state.translations[line.id] { page.send(text: translation.json.serialized()) }
                if let review = state.reviews[line.id] { page.send(text: review.json.serialized()) }
            }
            if let lastStatus = state.lastStatus { page.send(text: lastStatus.json.serialized()) }
            page.send(text: #"{"type":"caught_up"}"#)
        }
    }

    func leave(_ page: WebSocketPeer) {
        state.withLock { $0.pages[ObjectIdentifier(page)] = nil }
    }

    var pageCount: Int { state.withLock { $0.pages.count } }

    /// A page starred (or unstarred) a line: later pages see it so.
    func star(lineID: Int, starred isStarred: Bool) {
        state.withLock { state in
            if isStarred { state.starred.insert(lineID) } else { state.starred.remove(lineID) }
        }
    }

    /// The saved conversation's id, once the history knows it.
    func saved(in conversation: Int64) {
        state.withLock { state in
            guard state.conversation != conversation else { return }
            state.conversation = conversation
            let message = Self.conversationMessage(conversation)
            for page in state.pages.values { page.send(text: message) }
        }
    }

    func publish(_ event: CaptionEvent) {
        let message = event.json.serialized()
        state.withLock { state in
            state.remember(event)
            for page in state.pages.values { page.send(text: message) }
        }
    }

    static func conversationMessage(_ id: Int64) -> String {
        JSONValue.object([("type", .string("conversation")), ("id", .int(Int(id)))]).serialized()
    }
}
