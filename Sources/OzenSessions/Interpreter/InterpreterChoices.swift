import Foundation
import OzenIO
import OzenKit

/// The interpreter's options as typed (`--second-pass URL`, `--translator whisper|llm`), checked
/// here for `ozen interpret` and `ozen serve --interpret`.
public enum InterpreterChoices {
    /// The `ozen serve` that checks each sentence a second time, at `url`; nil when none is
    /// given. An address that is not http(s) is a `UsageError` with an example.
    public static func secondPass(_ url: String?) throws -> (any SentenceReviewer)? {
        guard let url else { return nil }
        do { return try SecondPassClient(baseURL: url) } catch {
            throw UsageError(tr("--second-pass צריך כתובת http(s), למשל http://127.0.0.1:8765, קיבל '\(url)'",
                                "--second-pass needs an http(s) address such as http://127.0.0.1:8765, got '\(url)'"))
        }
    }

    /// Who translates: `whisper` (nil) or `llm`, her interpreter provider in `home`.
    public static func translator(_ name: String?, home: OzenHome) throws -> InterpretSettings.Translator {
        switch name ?? "whisper" {
        case "whisper": return .whisper
        case "llm": return .llm(try ProviderStore(home: home).load(purpose: .interpreter))
        case let other:
            throw UsageError(tr("--translator הוא whisper או llm, קיבל '\(other)'", "--translator is whisper or llm, got '\(other)'"))
        }
    }
}
