import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// `ozen say`: one sentence spoken aloud for her (or written to a WAV): typed, a ready-made
/// phrase by number, or the last one said again; optionally kept as a new ready-made phrase.
/// The sentence said is remembered for `--again`. The executable reads the arguments into a
/// `Request` and prints what this says.
public enum SaySession {
    public struct Request: Sendable {
        /// The typed sentence ("" when none).
        public var typed: String
        /// `--phrase N`.
        public var phrase: Int?
        /// `--again`.
        public var again: Bool
        /// `--save-phrase`.
        public var savesPhrase: Bool
        /// `--language`; nil: the voice is chosen by the sentence's letters.
        public var language: SpokenLanguage?
        /// `--out FILE`: a WAV instead of the speakers.
        public var out: String?

        public init(typed: String, phrase: Int?, again: Bool, savesPhrase: Bool, language: SpokenLanguage?, out: String?) {
            self.typed = typed; self.phrase = phrase; self.again = again
            self.savesPhrase = savesPhrase; self.language = language; self.out = out
        }
    }

    /// Says (or writes) the request's sentence in `home`, handing each line to report to `say`.
    public static func run(_ request: Request, home: OzenHome, say: (String) -> Void) throws {
        let sources = [!request.typed.isEmpty, request.phrase != nil, request.again].filter { $0 }.count
        guard sources <= 1 else {
            throw UsageError(tr("say מקבל משפט אחד: טקסט, ‏--phrase מספר או ‏--again", "say takes one sentence: TEXT, --phrase N or --again"))
        }
        let phrasesPath = ReadyPhrases.path(in: home)
        let needsList = request.phrase != nil || request.savesPhrase
        var phrases = needsList ? try ReadyPhrases.load(from: phrasesPath) : (try? ReadyPhrases.load(from: phrasesPath)) ?? ReadyPhrases()

        let sentence: String
        if let number = request.phrase {
            sentence = try phrases.phrase(number: number).text
        } else if request.again || (request.typed.isEmpty && request.savesPhrase) {
            guard let last = LastSaid.load(in: home) else { throw SpeechStoreError.nothingSaidYet }
            sentence = last
        } else if !request.typed.isEmpty {
            sentence = request.typed
        } else {
            throw UsageError(tr("ל־say צריך משפט: ozen say טקסט... (או ‏--phrase מספר, ‏--again; ‏`ozen say phrases` מראה את המשפטים המוכנים)",
                                "say needs a sentence: ozen say TEXT... (or --phrase N, --again; `ozen say phrases` lists the ready-made ones)"))
        }
        guard sentence.contains(where: { $0.isLetter || $0.isNumber }) else { throw SpeechOutError.nothingToSay }

        if request.savesPhrase {
            let number = try phrases.add(sentence)
            try phrases.save(to: phrasesPath)
            say(String(format: tr("נשמר כמשפט %ld: %@", "saved as phrase %ld: %@"), number, sentence))
            if sources == 0 { return }
        }
        try LastSaid.keep(sentence, in: home)

        let player = request.out == nil ? try VoicePlayer() : nil
        let voice = SpeechVoice.choose(for: sentence, asked: request.language)
        let audio = try SpeechOut(home: home).speak(text: phrases.spokenForm(of: sentence), language: voice.spokenLanguage)
        if let out = request.out {
            let data = WAVEncoder(format: .pcm16, sampleRate: audio.sampleRate).encode(audio.samples)
            guard FileManager.default.createFile(atPath: out, contents: data) else {
                throw UsageError(tr("אי אפשר לכתוב את \(out) — בדקו שהתיקייה קיימת וניתנת לכתיבה", "cannot write \(out) — check the folder exists and is writable"))
            }
            say(String(format: tr("%@ (%.1f שניות, קול %@) ← %@", "%@ (%.1f s, %@ voice) → %@"), sentence, audio.duration, voiceName(voice), out))
        } else if let player {
            try player.play(audio)
            say(String(format: tr("%@ (%.1f שניות, קול %@)", "%@ (%.1f s, %@ voice)"), sentence, audio.duration, voiceName(voice)))
        }
    }

    static func voiceName(_ voice: SpeechVoice) -> String {
        switch voice {
        case .hebrew: return tr("עברית של eSpeak NG", "eSpeak NG Hebrew")
        case .english: return tr("אנגלית של Piper", "Piper English")
        case .swedish: return tr("שוודית של eSpeak NG", "eSpeak NG Swedish")
        }
    }
}
