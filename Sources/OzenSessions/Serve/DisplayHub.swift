import Foundation
import OzenIO
import OzenKit

/// The display pages following this computer's own captions. Every caption event goes to each
/// page; a page that connects first gets the newest 300 lines (with their alerts and speaker
/// corrections and stars applied) and the conversation they are saved in, then
/// `{"type":"caught_up"}`, then the live events: the page announces and counts only those.
final class DisplayHub: @unchecked Sendable {
    /// The page shows the newest 300 lines, with a link to the saved conversation above them.
    static let recentLines = 300

    private let lock = NSLock()
    private var pages: [ObjectIdentifier: WebSocketPeer] = [:]
    private var lines: [(line: CaptionLine, at: Double)] = []
    private var alerts: [KeywordAlertEvent] = []
    private var lastStatus: CaptionEvent?
    private var conversation: Int64?
    private var starred: Set<Int> = []
    /// The interpreter's English of recent lines, with the second pass's answer when it came.
    private var translations: [Int: CaptionEvent] = [:]
    private var reviews: [Int: CaptionEvent] = [:]

    func join(_ page: WebSocketPeer) {
        lock.lock()
        defer { lock.unlock() }
        pages[ObjectIdentifier(page)] = page
        if let conversation { page.send(text: Self.conversationMessage(conversation)) }
        for (line, at) in lines {
            guard case .object(let fields) = CaptionEvent.line(line, at: at).json else { continue }
            page.send(text: JSONValue.object(fields + [("starred", .bool(starred.contains(line.id)))]).serialized())
        }
        let shown = Set(lines.map(\.line.id))
        for alert in alerts where shown.contains(alert.lineID) { page.send(text: CaptionEvent.alert(alert).json.serialized()) }
        for (line, _) in lines {
            if let translation = translations[line.id] { page.send(text: translation.json.serialized()) }
            if let review = reviews[line.id] { page.send(text: review.json.serialized()) }
        }
        if let lastStatus { page.send(text: lastStatus.json.serialized()) }
        page.send(text: #"{"type":"caught_up"}"#)
    }

    func leave(_ page: WebSocketPeer) {
        lock.lock()
        pages[ObjectIdentifier(page)] = nil
        lock.unlock()
    }

    var pageCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return pages.count
    }

    /// A page starred (or unstarred) a line: later pages see it so.
    func star(lineID: Int, starred isStarred: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isStarred { starred.insert(lineID) } else { starred.remove(lineID) }
    }

    /// The saved conversation's id, once the history knows it.
    func saved(in conversation: Int64) {
        lock.lock()
        defer { lock.unlock() }
        guard self.conversation != conversation else { return }
        self.conversation = conversation
        let message = Self.conversationMessage(conversation)
        for page in pages.values { page.send(text: message) }
    }

    func publish(_ event: CaptionEvent) {
        let message = event.json.serialized()
        lock.lock()
        defer { lock.unlock() }
        remember(event)
        for page in pages.values { page.send(text: message) }
    }

    private func remember(_ event: CaptionEvent) {
        switch event {
        case .line(let line, let at) where !line.text.isEmpty:
            lines.append((line, at))
            if lines.count > Self.recentLines { lines.removeFirst(lines.count - Self.recentLines) }
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

    static func conversationMessage(_ id: Int64) -> String {
        JSONValue.object([("type", .string("conversation")), ("id", .int(Int(id)))]).serialized()
    }
}
