import Foundation
import OzenIO
import OzenKit
import OzenStore

/// `ozen dictate`'s ways of dictating, as library calls: a take from a file or the microphone,
/// given text inserted as a take's would be, the newest take again, and the dictation service
/// (`DictationService`) with the client a keyboard shortcut runs. The command reads the options
/// and prints what these return.
public enum Dictation {
    /// A take from a recording, at most 60 s (a longer one is cut there, as a take ends by
    /// itself), decoded and delivered; `realtime` feeds it at the pace it was spoken.
    public static func fromFile(_ path: String, request: DictationRequest, realtime: Bool) throws {
        let settings = try request.settings()
        var audio = try WAVDecoder().read(path: path).atSpeechRate()
        var cut = false
        if Double(audio.samples.count) / Double(MonoAudio.speechRate) > DictationTake.longest {
            audio = MonoAudio(samples: Array(audio.samples.prefix(Int(DictationTake.longest) * MonoAudio.speechRate)), sampleRate: MonoAudio.speechRate)
            cut = true
            DictationDelivery.status(tr("ההקלטה ארוכה מ־60 שניות: ההכתבה נגמרה ב־60 שניות", "the recording is longer than 60 s: the take ended at 60 s"))
        }
        let take = try DictationTake.transcribe(audio, language: request.language, models: try request.models(), realtime: realtime)
        _ = try DictationDelivery.deliver(take, cut: cut, settings: settings)
    }

    /// One take from the microphone (`DictationMicrophoneSession`). The microphone is found
    /// before any model loads: one that is not there is a `MicrophoneProblem`, her fix.
    public static func fromMicrophone(_ request: DictationRequest) throws {
        let settings = try request.settings()
        let microphone = try microphone(request.device, settings: .speechOnly)
        let session = DictationMicrophoneSession(settings: settings, modelName: request.modelName,
                                                 finalModelName: request.finalModel)
        try session.run(microphone)
    }

    /// `text` inserted the way a take's text is (`insert` names the method).
    public static func insert(_ text: String, method insert: String?) throws {
        guard !text.isEmpty else { throw UsageError(tr("insert צריך טקסט: ozen dictate insert טקסט", "insert needs text: ozen dictate insert TEXT")) }
        try DictationDelivery.insert(text, method: try DictationRequest.insertion(insert))
    }

    /// The newest take in `home`'s history inserted again: polished, or as heard when `raw`.
    public static func last(home: OzenHome, raw: Bool, method insert: String?) throws {
        let path = HistoryStore.path(in: home)
        guard FileManager.default.fileExists(atPath: path), let take = try HistoryStore(path: path).lastDictation() else {
            throw UsageError(tr("עוד לא הוכתב כלום", "nothing has been dictated yet"))
        }
        try DictationDelivery.insert(raw ? take.raw : take.polished, method: try DictationRequest.insertion(insert))
    }

    /// `ozen dictate serve`: the models stay loaded and takes start at once, toggled over the
    /// service's socket (`LocalCommandSocket`, 0600); the microphone is open only during a take.
    /// Returns when she stops it (`stop`, or a signal). A microphone that is not there is a
    /// `MicrophoneProblem`, found before any model loads.
    public static func serve(_ request: DictationRequest) throws {
        let settings = try request.settings()
        _ = try microphone(request.device, settings: .default)
        let server = try LocalCommandSocket.Server(path: try LocalCommandSocket.dictationPath())
        let models = try request.models()
        let service = DictationService(choice: MicrophoneChoice(request.device), models: models,
                                       settings: try PipelineSettings.dictation(language: request.language)) { take, cut in
            try DictationDelivery.deliver(take, cut: cut, settings: settings)
        }
        DictationDelivery.status(tr("שירות ההכתבה מוכן: ozen dictate toggle מתחיל ועוצר הכתבה", "the dictation service is ready: ozen dictate toggle starts and stops a take"))
        let signals = StopSignals { _ = service.finishTake(); server.stop() }
        server.serve { command in
            let answer = service.answer(command)
            if command == "stop" { server.stop() }
            return answer
        }
        _ = signals
    }

    private static func microphone(_ device: String?, settings: MicrophoneInput.Settings) throws -> MicrophoneInput {
        do {
            return try MicrophoneInput(choice: MicrophoneChoice(device), settings: settings)
        } catch {
            throw MicrophoneProblem(reason: error.description, action: "")
        }
    }
}
