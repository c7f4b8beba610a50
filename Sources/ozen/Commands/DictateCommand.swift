import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions
import OzenStore

/// `ozen dictate`: speech in, polished text at the cursor.
///
///     ozen dictate --source FILE [--language he] [--polish off|local|llm] [--insert paste|type|clipboard|stdout]
///     ozen dictate insert TEXT [--insert …]       the same path as a take, for given text
///     ozen dictate last [--raw] [--insert …]       the newest take again
///     ozen dictate provider set|show|test          the LLM polish's provider
///
/// A take is at most 60 s: a longer recording is cut there, as a take ends by itself. The text
/// (raw and polished) is saved in the history before it is inserted, so nothing dictated is lost.
enum DictateCommand {
    static func run(_ arguments: [String]) throws {
        switch arguments.first {
        case "provider": return try ProviderCommand.run(Array(arguments.dropFirst()), purpose: .dictation)
        case "insert": return try insertGiven(Array(arguments.dropFirst()))
        case "last": return try last(Array(arguments.dropFirst()))
        case "serve": return try serve(Array(arguments.dropFirst()))
        case "toggle", "stop", "status": return try command(arguments[0], Array(arguments.dropFirst()))
        default: break
        }
        let args = try ArgumentReader(arguments, options: ["--source", "--device", "--language", "--polish", "--insert", "--model", "--final-model"],
                                      flags: ["--json", "--realtime", "--no-save"])
        let language = try args.spokenLanguage()
        let polisher = try polisher(args.value("--polish"))
        let method = try insertion(args.value("--insert"))
        let home = OzenHome.fromEnvironment()
        guard let path = args.value("--source") else {
            return try fromMicrophone(args, language: language, polisher: polisher, method: method, home: home)
        }

        var audio = try WAVDecoder().read(path: path).atSpeechRate()
        var cut = false
        if Double(audio.samples.count) / Double(MonoAudio.speechRate) > DictationTake.longest {
            audio = MonoAudio(samples: Array(audio.samples.prefix(Int(DictationTake.longest) * MonoAudio.speechRate)), sampleRate: MonoAudio.speechRate)
            cut = true
            DictationDelivery.status(tr("ההקלטה ארוכה מ־60 שניות: ההכתבה נגמרה ב־60 שניות", "the recording is longer than 60 s: the take ended at 60 s"))
        }
        let models = try PipelineBuilder(home: home, models: .init(live: args.value("--model") ?? ChosenModel.name(in: OzenHome.fromEnvironment()), final: args.value("--final-model"), recognizer: try PipelineSettings.recognizer(), speakers: false))
        let take = try DictationTake.transcribe(audio, language: language, models: models, realtime: args.flag("--realtime"))
        try DictationDelivery.deliver(take, cut: cut, settings: delivery(args, language: language, polisher: polisher, method: method, home: home))
    }

    static func insertGiven(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--insert"], flags: [])
        let text = args.positional.joined(separator: " ")
        guard !text.isEmpty else { throw UsageError(tr("insert צריך טקסט: ozen dictate insert טקסט", "insert needs text: ozen dictate insert TEXT")) }
        try DictationDelivery.insert(text, method: try insertion(args.value("--insert")))
    }

    static func last(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--insert"], flags: ["--raw"])
        let path = HistoryStore.path(in: OzenHome.fromEnvironment())
        guard FileManager.default.fileExists(atPath: path), let take = try HistoryStore(path: path).lastDictation() else {
            throw UsageError(tr("עוד לא הוכתב כלום", "nothing has been dictated yet"))
        }
        try DictationDelivery.insert(args.flag("--raw") ? take.raw : take.polished, method: try insertion(args.value("--insert")))
    }

    /// How takes are delivered, from the options every way of dictating shares.
    static func delivery(_ args: ArgumentReader, language: SpokenLanguage, polisher: DictationPolisher,
                         method: TextInserter.Method, home: OzenHome) -> DictationSettings {
        var settings = DictationSettings(home: home, language: language, polisher: polisher, insertion: method)
        settings.saves = !args.flag("--no-save")
        settings.json = args.flag("--json")
        return settings
    }

    static func polisher(_ value: String?) throws -> DictationPolisher {
        let raw = value ?? "local"
        guard let mode = DictationPolisher.Mode(rawValue: raw) else {
            throw UsageError(tr("--polish הוא off, local או llm, קיבל '\(raw)'", "--polish is off, local or llm, got '\(raw)'"))
        }
        guard mode == .llm else { return DictationPolisher(mode: mode) }
        return DictationPolisher(mode: .llm, provider: try ProviderStore(home: OzenHome.fromEnvironment()).load(purpose: .dictation))
    }

    static func insertion(_ value: String?) throws -> TextInserter.Method {
        let raw = value ?? "paste"
        guard let method = TextInserter.Method(rawValue: raw) else {
            throw UsageError(tr("--insert הוא paste, type, clipboard או stdout, קיבל '\(raw)'", "--insert is paste, type, clipboard or stdout, got '\(raw)'"))
        }
        return method
    }
}
