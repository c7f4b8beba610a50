import Foundation
import OzenKit
import Synchronization

/// A sentence she typed, said aloud: the one call `ozen say` and the display's "say" field make.
///
/// The voice is chosen by `SpeechVoice.choose` (Hebrew letters: eSpeak NG's Hebrew; otherwise
/// the Piper English voice; Swedish when asked). The audio comes back at the voice's own rate
/// (22 050 Hz for all three), for the caller to resample to a speaker's rate or to 16 kHz.
///
/// While the result plays, captions must pause: the microphone hears the computer's own
/// voice, and a caption of it would be her own words shown back to her as someone else's.
/// `VoicePlayer.isSpeaking` (OzenIO) says when; the server drops microphone audio then.
///
/// The Piper voice is loaded on the first English sentence (its 63 MB model is checked first)
/// and kept; a missing or damaged voice is a `ModelError` naming the fix.
public final class SpeechOut: Sendable {
    public let home: OzenHome
    /// Held while the voice loads, so it loads once.
    private let piper = Mutex<PiperVoice?>(nil)

    public init(home: OzenHome) { self.home = home }

    /// The Piper voice's model folder under `$OZEN_HOME/models`.
    public static let englishModel = "piper-en"

    /// `text` said in the voice for it; `language` (he, en, sv) overrides the choice by letters.
    public func speak(text: String, language: SpokenLanguage? = nil) throws -> MonoAudio {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else { throw SpeechOutError.nothingToSay }
        let espeak = try EspeakEngine.shared.get()
        switch SpeechVoice.choose(for: text, asked: language) {
        case .hebrew:
            return try nonSilent(espeak.synthesize(HebrewSpeechSpelling.prepared(text), voice: "he"), voice: "he")
        case .swedish:
            return try nonSilent(espeak.synthesize(text, voice: "sv"), voice: "sv")
        case .english:
            let ipa = try espeak.phonemes(text, voice: "en-us")
            return try englishVoice().synthesize(ipa: ipa)
        }
    }

    /// The Piper voice, loaded and checked once.
    public func englishVoice() throws -> PiperVoice {
        try piper.withLock { piper in
            if let piper { return piper }
            // The 900-byte phoneme table is checked before the 63 MB model is hashed.
            let folder = home.modelsPath + "/" + Self.englishModel
            if FileManager.default.fileExists(atPath: folder + "/manifest.json") {
                _ = try PiperVoice.checkedTokens(folder: folder, name: Self.englishModel)
            }
            let voice = try PiperVoice(model: InstalledModel.load(Self.englishModel, in: home))
            piper = voice
            return voice
        }
    }

    private func nonSilent(_ audio: MonoAudio, voice: String) throws(SpeechOutError) -> MonoAudio {
        guard audio.samples.contains(where: { $0 != 0 }) else { throw .synthesisFailed(voice: voice) }
        return audio
    }
}
