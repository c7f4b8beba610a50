import Foundation
import OzenKit
import OzenSessions

/// `ozen dictate`: speech in, polished text at the cursor.
///
///     ozen dictate --source FILE [--language he] [--polish off|local|llm] [--insert paste|type|clipboard|stdout]
///     ozen dictate insert TEXT [--insert …]       the same path as a take, for given text
///     ozen dictate last [--raw] [--insert …]       the newest take again
///     ozen dictate provider set|show|test          the LLM polish's provider
///
/// A take is at most 60 s: a longer recording is cut there, as a take ends by itself. The text
/// (raw and polished) is saved in the history before it is inserted, so nothing dictated is lost.
/// The work is the library's (`Dictation`); this reads the options.
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
        let dictation = try request(args)
        guard let path = args.value("--source") else { return try Dictation.fromMicrophone(dictation) }
        try Dictation.fromFile(path, request: dictation, realtime: args.flag("--realtime"))
    }

    static func insertGiven(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--insert"], flags: [])
        try Dictation.insert(args.positional.joined(separator: " "), method: args.value("--insert"))
    }

    static func last(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--insert"], flags: ["--raw"])
        try Dictation.last(home: OzenHome.fromEnvironment(), raw: args.flag("--raw"), method: args.value("--insert"))
    }

    /// What every way of dictating asks for, from the options they share.
    static func request(_ args: ArgumentReader) throws -> DictationRequest {
        var request = DictationRequest(home: OzenHome.fromEnvironment(), language: try args.spokenLanguage())
        request.polish = args.value("--polish")
        request.insert = args.value("--insert")
        request.device = args.value("--device")
        request.model = args.value("--model")
        request.finalModel = args.value("--final-model")
        request.saves = !args.flag("--no-save")
        request.json = args.flag("--json")
        return request
    }
}
