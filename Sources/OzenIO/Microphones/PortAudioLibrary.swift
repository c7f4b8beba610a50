import CAudioQuiet
import CPortAudio
import Foundation
import OzenKit

/// PortAudio's process-wide state: every call into it goes through `lock`, and each use is
/// bracketed by `Pa_Initialize` / `Pa_Terminate`.
///
/// PortAudio 19.6 reads the device list only in `Pa_Initialize`, and only when no other use
/// is open (it counts initialisations): a microphone plugged in later is seen by the next
/// listing made while no stream is open. That is how a microphone that went away is found
/// again (docs/findings.md, "PortAudio's device list").
enum PortAudioLibrary {
    static let lock = NSLock()
    private nonisolated(unsafe) static var quieted = false

    /// Runs `body` with PortAudio initialised; the caller holds no lock.
    static func using<T>(_ body: () throws(InputProblem) -> T) throws(InputProblem) -> T {
        lock.lock()
        defer { lock.unlock() }
        try initialize()
        defer { Pa_Terminate() }
        return try body()
    }

    /// `Pa_Initialize` with the ALSA and JACK noise silenced (set OZEN_AUDIO_DEBUG=1 to see
    /// it). Call with `lock` held; balance with `Pa_Terminate`.
    static func initialize() throws(InputProblem) {
        if !quieted {
            quieted = true
            if !OzenEnvironment.current.showsAudioMessages { ozen_audio_quiet() }
        }
        let error = Pa_Initialize()
        guard error == paNoError.rawValue else {
            throw .microphoneStopped(name: "PortAudio", detail: message(error))
        }
    }

    static func message(_ error: PaError) -> String {
        if error == paUnanticipatedHostError.rawValue, let info = Pa_GetLastHostErrorInfo(), let text = info.pointee.errorText {
            return String(cString: text)
        }
        return Pa_GetErrorText(error).map { String(cString: $0) } ?? "PortAudio error \(error)"
    }

    /// The last host error's code (ALSA's negative errno), after `paUnanticipatedHostError`.
    static func hostErrorCode(_ error: PaError) -> Int? {
        guard error == paUnanticipatedHostError.rawValue, let info = Pa_GetLastHostErrorInfo() else { return nil }
        return Int(info.pointee.errorCode)
    }
}
