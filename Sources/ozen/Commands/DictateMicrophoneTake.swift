import Foundation
import OzenIO
import OzenKit
import OzenSessions

/// `ozen dictate [--device D]` in a terminal: a take from the microphone (`DictationMicrophoneSession`).
/// The microphone is found here, before any model loads: one that is not there is her fix.
extension DictateCommand {
    static func fromMicrophone(_ args: ArgumentReader, language: SpokenLanguage, polisher: DictationPolisher,
                               method: TextInserter.Method, home: OzenHome) throws {
        let microphone: MicrophoneInput
        do {
            microphone = try MicrophoneInput(choice: MicrophoneChoice(args.value("--device")), settings: .speechOnly)
        } catch {
            Exit.fail(.noInput, error.description)
        }
        let session = DictationMicrophoneSession(settings: delivery(args, language: language, polisher: polisher, method: method, home: home),
                                                 modelName: args.value("--model") ?? ChosenModel.name(in: OzenHome.fromEnvironment()),
                                                 finalModelName: args.value("--final-model"))
        do {
            try session.run(microphone)
        } catch let problem as MicrophoneProblem {
            Exit.fail(.noInput, problem.description)
        }
    }
}
