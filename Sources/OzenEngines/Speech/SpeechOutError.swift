import OzenKit

/// Why a typed sentence could not be turned into speech, with what to do.
public enum SpeechOutError: Error, Equatable, CustomStringConvertible, Sendable {
    /// libespeak-ng could not start (its voice data is missing).
    case espeakUnavailable
    /// eSpeak NG has no voice by this name.
    case voiceMissing(name: String)
    /// The engine returned no audio for a sentence that had words.
    case synthesisFailed(voice: String)
    /// The sentence has nothing a voice can say (only punctuation or spaces).
    case nothingToSay

    public var description: String {
        switch self {
        case .espeakUnavailable:
            return tr("מנוע הקול eSpeak NG לא נטען (נתוני הקולות חסרים) — הריצו `make setup` כדי להתקין את espeak-ng-data",
                      "the eSpeak NG voice engine could not start (its voice data is missing) — run `make setup` to install espeak-ng-data")
        case .voiceMissing(let name):
            return tr("ל־eSpeak NG אין קול '\(name)' — הריצו `make setup` כדי להתקין את espeak-ng-data",
                      "eSpeak NG has no voice '\(name)' — run `make setup` to install espeak-ng-data")
        case .synthesisFailed(let voice):
            return tr("הקול \(voice) לא הפיק שמע למשפט הזה — נסו לכתוב אותו אחרת",
                      "the \(voice) voice made no sound for this sentence — try writing it another way")
        case .nothingToSay:
            return tr("במשפט אין מילים לומר — כתבו מילים, לא רק סימנים",
                      "the sentence has no words to say — type words, not only punctuation")
        }
    }
}

extension SpeechOutError: HasFailureKind {
    public var failureKind: FailureKind {
        switch self {
        case .nothingToSay: return .usage
        case .espeakUnavailable, .voiceMissing: return .setup
        case .synthesisFailed: return .failure
        }
    }
}
