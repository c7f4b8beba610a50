import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions

/// `ozen say TEXT... [--language he|en|sv] [--out FILE.wav] | --phrase N | --again | --save-phrase`,
/// `ozen say phrases`, `ozen say eval`: she types, the computer says it, so she can answer.
///
/// The sentence is kept as the last one said (`$OZEN_HOME/last-said.txt`) before anything can
/// fail: with no speaker it is still there for `--again` or `--save-phrase`. With no speaker the
/// command stops with exit 78 (the machine's setup, like a missing model) and one line naming
/// `--out FILE.wav`, which writes the voice to a WAV file instead of playing it.
enum SayCommand {
    static func run(_ arguments: [String]) throws {
        switch arguments.first {
        case "phrases": return try listPhrases(Array(arguments.dropFirst()))
        case "eval": return try SayEvalCommand.run(Array(arguments.dropFirst()))
        default: break
        }
        do {
            try say(arguments)
        } catch let error as VoicePlayerError {
            Exit.fail(.setup, error.description)
        } catch let error as SpeechStoreError {
            switch error {
            case .noSuchPhrase, .emptySentence: Exit.fail(.usage, error.description)
            case .nothingSaidYet: Exit.fail(.noInput, error.description)
            case .unreadable: Exit.fail(.badInput, error.description)
            case .notWritable: Exit.fail(.failure, error.description)
            }
        } catch let error as SpeechOutError {
            switch error {
            case .nothingToSay: Exit.fail(.usage, error.description)
            case .espeakUnavailable, .voiceMissing: Exit.fail(.setup, error.description)
            case .synthesisFailed: Exit.fail(.failure, error.description)
            }
        }
    }

    static func say(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--language", "--out", "--phrase"], flags: ["--again", "--save-phrase"])
        let home = OzenHome.fromEnvironment()
        var language: SpokenLanguage?
        if let code = args.value("--language") {
            guard let asked = SpokenLanguage(rawValue: code), [.hebrew, .english, .swedish].contains(asked) else {
                throw UsageError(tr("שפה לא מוכרת '\(code)' — השתמשו ב־he, en או sv", "unknown language '\(code)' — use he, en or sv"))
            }
            language = asked
        }
        let typed = args.positional.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        let sources = [!typed.isEmpty, args.value("--phrase") != nil, args.flag("--again")].filter { $0 }.count
        guard sources <= 1 else {
            throw UsageError(tr("say מקבל משפט אחד: טקסט, ‏--phrase מספר או ‏--again", "say takes one sentence: TEXT, --phrase N or --again"))
        }
        let phrasesPath = ReadyPhrases.path(in: home)
        // A damaged list stops only what needs it (--phrase, --save-phrase), never a typed sentence.
        let needsList = args.value("--phrase") != nil || args.flag("--save-phrase")
        var phrases = needsList ? try ReadyPhrases.load(from: phrasesPath) : (try? ReadyPhrases.load(from: phrasesPath)) ?? ReadyPhrases()

        // The sentence, as she sees it.
        let sentence: String
        if let raw = args.value("--phrase") {
            guard let number = Int(raw) else { throw UsageError(tr("‏--phrase מקבל מספר מתוך `ozen say phrases`", "--phrase takes a number from `ozen say phrases`")) }
            sentence = try phrases.phrase(number: number).text
        } else if args.flag("--again") || (typed.isEmpty && args.flag("--save-phrase")) {
            guard let last = LastSaid.load(in: home) else { throw SpeechStoreError.nothingSaidYet }
            sentence = last
        } else if !typed.isEmpty {
            sentence = typed
        } else {
            throw UsageError(tr("ל־say צריך משפט: ozen say טקסט... (או ‏--phrase מספר, ‏--again; ‏`ozen say phrases` מראה את המשפטים המוכנים)",
                                "say needs a sentence: ozen say TEXT... (or --phrase N, --again; `ozen say phrases` lists the ready-made ones)"))
        }

        guard sentence.contains(where: { $0.isLetter || $0.isNumber }) else { throw SpeechOutError.nothingToSay }

        if args.flag("--save-phrase") {
            let number = try phrases.add(sentence)
            try phrases.save(to: phrasesPath)
            print(String(format: tr("נשמר כמשפט %ld: %@", "saved as phrase %ld: %@"), number, sentence))
            // With no sentence of her own, --save-phrase only keeps the last one said.
            if sources == 0 { return }
        }
        try LastSaid.keep(sentence, in: home)

        let out = args.value("--out")
        let player = out == nil ? try VoicePlayer() : nil
        let speech = SpeechOut(home: home)
        let voice = SpeechVoice.choose(for: sentence, asked: language)
        let audio = try speech.speak(text: phrases.spokenForm(of: sentence), language: voice.spokenLanguage)
        if let out {
            let data = WAVEncoder(format: .pcm16, sampleRate: audio.sampleRate).encode(audio.samples)
            guard FileManager.default.createFile(atPath: out, contents: data) else {
                throw UsageError(tr("אי אפשר לכתוב את \(out) — בדקו שהתיקייה קיימת וניתנת לכתיבה", "cannot write \(out) — check the folder exists and is writable"))
            }
            print(String(format: tr("%@ (%.1f שניות, קול %@) ← %@", "%@ (%.1f s, %@ voice) → %@"), sentence, audio.duration, voiceName(voice), out))
        } else if let player {
            try player.play(audio)
            print(String(format: tr("%@ (%.1f שניות, קול %@)", "%@ (%.1f s, %@ voice)"), sentence, audio.duration, voiceName(voice)))
        }
    }

    static func voiceName(_ voice: SpeechVoice) -> String {
        switch voice {
        case .hebrew: return tr("עברית של eSpeak NG", "eSpeak NG Hebrew")
        case .english: return tr("אנגלית של Piper", "Piper English")
        case .swedish: return tr("שוודית של eSpeak NG", "eSpeak NG Swedish")
        }
    }

    static func listPhrases(_ rest: [String]) throws {
        guard rest.isEmpty else { throw UsageError(tr("phrases לא מקבל עוד מילים", "phrases takes nothing more")) }
        let phrases: ReadyPhrases
        do {
            phrases = try ReadyPhrases.load(from: ReadyPhrases.path(in: OzenHome.fromEnvironment()))
        } catch {
            Exit.fail(.badInput, error.description)
        }
        for (i, phrase) in phrases.phrases.enumerated() { print("\(i + 1)\t\(phrase.text)") }
    }
}
