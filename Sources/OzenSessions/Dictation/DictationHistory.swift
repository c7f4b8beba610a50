import Foundation
import OzenIO
import OzenKit
import OzenStore

/// Dictation takes in the history: each take's raw and polished text is saved before it is
/// inserted or sent, so nothing dictated is lost (`ozen dictate`, the page's dictation panel).
public enum DictationHistory {
    /// Saves a take in the history; what went wrong, if anything.
    public static func save(raw: String, polished: DictationPolisher.Result, language: SpokenLanguage, seconds: Double, home: OzenHome) -> String? {
        do {
            try HistoryStore(path: HistoryStore.path(in: home))
                .saveDictation(raw: raw, polished: polished.text, polish: polished.polish, language: language.rawValue, seconds: seconds)
            return nil
        } catch {
            return tr("ההכתבה לא נשמרה בהיסטוריה: \(error)", "the take could not be saved to the history: \(error)")
        }
    }
}
