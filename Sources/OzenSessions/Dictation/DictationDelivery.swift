import Foundation
import OzenIO
import OzenKit

/// What becomes of a dictation take's text: polished, saved in the history first (so nothing
/// dictated is lost), then printed as JSON with --json and inserted at the cursor.
public enum DictationDelivery {
    /// The take's text polished, saved in the history first, then printed and inserted; the
    /// text as inserted.
    @discardableResult
    public static func deliver(_ take: DictationTake, cut: Bool, settings: DictationSettings) throws -> String {
        let language = settings.language, polisher = settings.polisher, method = settings.insertion, home = settings.home
        let raw = take.raw
        let result = polisher.polish(raw, language: language.rawValue)
        let ready = RealTimeClock.seconds(ContinuousClock.now - take.stoppedAt)
        if let note = result.note { status(note) }
        if settings.saves, let problem = DictationHistory.save(raw: raw, polished: result, language: language, seconds: take.seconds, home: home) {
            status(problem)
        }
        if settings.json {
            // Written at once, not buffered: the service runs on after it.
            let line = JSONValue.object([("type", .string("dictation")), ("raw", .string(raw)), ("text", .string(result.text)),
                                         ("polish", .string(result.polish)), ("note", result.note.map(JSONValue.string) ?? .null),
                                         ("seconds", .number(take.seconds, decimals: 2)), ("cut_at_60_s", .bool(cut)),
                                         ("ready_after_stop_seconds", .number(ready, decimals: 3))]).serialized()
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
            if method == .stdout { return result.text }
        }
        guard !raw.isEmpty else {
            status(tr("לא נשמע דיבור בהכתבה הזו", "no speech was heard in this take"))
            return ""
        }
        try insert(result.text, method: method)
        return result.text
    }

    public static func insert(_ text: String, method: TextInserter.Method) throws {
        switch try TextInserter().insert(text, method: method) {
        case .inserted, .printed: break
        case .onClipboard(let reason):
            status(reason ?? tr("הטקסט בלוח", "the text is on the clipboard"))
        }
    }

    /// One line on stderr, after "ozen: ".
    public static func status(_ text: String) {
        FileHandle.standardError.write(Data(("ozen: " + text + "\n").utf8))
    }
}
