import Foundation
import OzenKit

/// Writes caption events to stdout: JSON Lines with --json, readable lines otherwise.
/// Each write is flushed so a pipe reader sees a line the moment it is final.
public struct EventPrinter: Sendable {
    public var json: Bool
    /// Readable status lines on stderr ("listening", "retrying in 8 s: …"); `listen` shows
    /// them, `caption` keeps stderr for errors.
    public var showsStatus = false
    /// Readable lines are printed; `interpret` leaves them out: she reads the English, and
    /// each translation brings what was said beneath it.
    public var showsLines = true
    /// Notes (what cloud captions did, say) on stderr even where the other statuses are left
    /// out: `caption` shows them.
    public var showsNotes = false

    public init(json: Bool, showsStatus: Bool = false, showsLines: Bool = true, showsNotes: Bool = false) {
        self.json = json
        self.showsStatus = showsStatus
        self.showsLines = showsLines
        self.showsNotes = showsNotes
    }

    public func print(_ event: CaptionEvent) {
        if json {
            write(event.json.serialized())
            return
        }
        switch event {
        case .line(let line, _):
            guard showsLines else { return }
            let mark = line.uncertain ? " (?)" : ""
            // Hebrew lines are isolated right to left (U+2067 … U+2069), so a terminal that
            // implements bidi shows them in the right order after the left-to-right time.
            let text = TextDirection(language: line.language, text: line.text) == .rightToLeft
                ? "\u{2067}\(line.text)\u{2069}" : line.text
            let who = line.speaker.map { "\(SpeakerName.shown($0)): " } ?? ""
            let heard = line.source.map { "(\($0.shown)) " } ?? ""
            write("[\(clock(line.start)) → \(clock(line.end))] \(heard)\(who)\(text)\(mark)")
        case .alert(let alert):
            write("  ** \(alert.word) «\(alert.said)» (line \(alert.lineID))")
        case .gap(let silence, let resumedAt, _):
            let minutes = Int(silence / 60)
            write(String(format: tr("— %ld דקות של שקט; חזרו לדבר ב־%@ —", "— %ld minutes of quiet; talking resumed at %@ —"),
                         minutes, DateFormatter.localizedString(from: resumedAt, dateStyle: .none, timeStyle: .short)))
        case .speaker(let lineID, let speaker, _):
            write(String(format: tr("  (שורה %ld: %@)", "  (line %ld: %@)"), lineID, SpeakerName.shown(speaker)))
        case .sound(let sound):
            let mark = sound.priority >= 3 ? "🚨" : "🔔"
            let what = sound.kind == TaughtSound.eventKind ? tr("צליל שלימדו", "a taught sound") : sound.className
            write("\(mark) \(sound.shown) [\(clock(sound.start))] (\(what) \(String(format: "%.2f", sound.score)))")
        case .status(let status, _):
            var shown = showsStatus
            if case .note = status, showsNotes { shown = true }
            if shown { FileHandle.standardError.write(Data(("ozen: " + Self.text(of: status) + "\n").utf8)) }
        case .translation(let sentence, _):
            let fallback = sentence.fallbackReason.map { " (\($0))" } ?? ""
            write("[\(clock(sentence.start)) → \(clock(sentence.end))] \(sentence.english)\(fallback)")
            write("      \(sentence.source)")
        case .reviewed(let revision, _):
            if revision.changed {
                write(String(format: tr("  ✓ (משפט %ld תוקן) %@", "  ✓ (sentence %ld revised) %@"), revision.id, revision.english))
                write("      \(revision.source)")
            } else {
                write(String(format: tr("  ✓ (משפט %ld אושר)", "  ✓ (sentence %ld checked)"), revision.id))
            }
        case .corrected(let correction, _):
            guard showsLines else { return }
            let line = correction.line
            let text = TextDirection(language: line.language, text: line.text) == .rightToLeft
                ? "\u{2067}\(line.text)\u{2069}" : line.text
            write(String(format: tr("  ✎ (שורה %ld תוקנה) %@", "  ✎ (line %ld corrected) %@"), line.id, text))
        case .partial:
            break
        }
    }

    /// A status in a short sentence.
    public static func text(of status: CaptionStatus) -> String {
        switch status {
        case .loadingModel(let name): return tr("טוען את המודל \(name)…", "loading the model \(name)…")
        case .listening: return tr("מקשיב", "listening")
        case .finished(let lines, _): return tr("הסתיים (\(lines) שורות)", "finished (\(lines) lines)")
        case .failed(let reason, let action):
            return action.isEmpty ? reason : "\(reason) — \(action)"
        case .openingMicrophone(let device, let computerSound):
            return computerSound ? tr("מאזין למה שהמחשב משמיע ב־'\(device)'…", "listening to what the computer plays on '\(device)'…")
                : tr("פותח את המיקרופון '\(device)'…", "opening microphone '\(device)'…")
        case .preparingModel(let name, let percent, let secondsLeft):
            let left = secondsLeft.map { tr(", עוד \(Int($0.rounded())) שניות", ", \(Int($0.rounded())) s left") } ?? ""
            return tr("מכין את המודל \(name): \(Int(percent))%\(left)", "preparing the model \(name): \(Int(percent))%\(left)")
        case .paused: return tr("מושהה", "paused")
        case .retrying(let reason, let seconds):
            let wait = Int(seconds.rounded(.up))
            return tr("\(reason) — מנסה שוב בעוד \(wait) שניות", "\(reason) — retrying in \(wait) s")
        case .note(let text): return text
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private func clock(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return String(format: "%02d:%02d.%d", tenths / 600, tenths / 10 % 60, tenths % 10)
    }
}
