import Foundation

/// Whether an LLM's answer is a cleaning of what she dictated, and not an answer to it, a
/// refusal, or nothing. Asked to clean "what time is the doctor tomorrow", a chat model
/// sometimes replies "I don't have access to your calendar" (the Linux dictation tools'
/// trackers are full of this); that must never reach the cursor.
///
/// The rule: the cleaned text keeps most of what was said and adds little.
/// - at least half of the dictated words (fillers aside, folded) are still there ("make a list:
///   milk, eggs, bread" keeps 3 of 6 once the list is made), and
/// - at most 40 % of the answer's words are new, and
/// - its length is between a third and twice the dictated text's (a list may add bullets,
///   punctuation and capitals, not paragraphs);
/// - an answer that opens as a reply ("Sure", "Here is", "I can't", "As an AI") is refused
///   outright, in the languages she dictates in.
/// The numbers were set on the polish tests' cases (a real cleaning keeps 85–100 % of the
/// words, a list made on request half; the replies seen keep under 35 %).
public enum PolishCheck {
    public enum Verdict: Equatable, Sendable {
        case cleaning
        case rejected(reason: String)
    }

    static let replyOpenings = ["sure", "certainly", "of course", "here is", "here's", "i can't", "i cannot", "i'm sorry",
                                "i am sorry", "as an ai", "i don't have", "i do not have", "cleaned text:", "the cleaned",
                                "בטח", "הנה", "אני מצטער", "אני לא יכול"]

    public static func judge(raw: String, answer: String) -> Verdict {
        let cleaned = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !cleaned.isEmpty else { return .rejected(reason: tr("התשובה ריקה", "the answer was empty")) }
        let lower = cleaned.lowercased()
        if let opening = replyOpenings.first(where: { lower.hasPrefix($0) }) {
            return .rejected(reason: tr("התשובה עונה על הטקסט (\"\(opening)…\") במקום לנקות אותו",
                                        "the answer replies to the text (\"\(opening)…\") instead of cleaning it"))
        }
        let said = words(raw).filter { !LocalPolish.fillers.contains($0) }
        let got = words(cleaned)
        guard !said.isEmpty else { return .cleaning }
        let gotCounts = counts(got), saidCounts = counts(said)
        let kept = saidCounts.reduce(0) { $0 + min($1.value, gotCounts[$1.key] ?? 0) }
        let added = gotCounts.reduce(0) { $0 + max(0, $1.value - (saidCounts[$1.key] ?? 0)) }
        let keptShare = Double(kept) / Double(said.count)
        let addedShare = got.isEmpty ? 1 : Double(added) / Double(got.count)
        let lengthRatio = Double(got.count) / Double(said.count)
        if keptShare < 0.5 {
            return .rejected(reason: String(format: tr("התשובה שמרה רק %.0f%% מהמילים שנאמרו", "the answer kept only %.0f%% of the words said"), keptShare * 100))
        }
        if addedShare > 0.4 {
            return .rejected(reason: String(format: tr("%.0f%% מהמילים בתשובה חדשות", "%.0f%% of the answer's words are new"), addedShare * 100))
        }
        if lengthRatio < 1.0 / 3 || lengthRatio > 2 {
            return .rejected(reason: String(format: tr("אורך התשובה פי %.1f מהטקסט", "the answer is %.1f× the text's length"), lengthRatio))
        }
        return .cleaning
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }).map(String.init)
    }

    static func counts(_ words: [String]) -> [String: Int] {
        var c: [String: Int] = [:]
        for w in words { c[w, default: 0] += 1 }
        return c
    }
}
