import CAudioQuiet
import CPortAudio
import Foundation
import OzenKit
import Synchronization

/// Plays the voice Ozen speaks with through the computer's default speaker (PortAudio).
///
/// `play` blocks until the last sample has left the speaker. `isSpeaking` is true from the
/// moment the stream opens until then: the server drops microphone audio while it is true, so
/// the captions never show her own typed words coming back through the microphone.
///
/// Audio is brought to the speaker's own default rate with `Resampler` (a device opened at
/// another rate is left to ALSA's converter, or refused). With no output device at all (a
/// server, a machine with no sound card) it says so, naming the way out: `--out FILE.wav`.
public final class VoicePlayer: Sendable {
    /// The default speaker when the player was made, and its own rate (Hz).
    public let deviceName: String
    public let sampleRate: Int
    private let speaking = Mutex(false)

    /// The default output device; `.noSpeaker` when there is none. The device list is read
    /// afresh (PortAudio reads it when it starts), so a speaker plugged in later is found.
    public init() throws(VoicePlayerError) {
        let found = try Self.withPortAudio { () throws(VoicePlayerError) -> (String, Int) in
            let device = Pa_GetDefaultOutputDevice()
            guard device != paNoDevice, device >= 0, let info = Pa_GetDeviceInfo(device), info.pointee.maxOutputChannels > 0 else {
                throw .noSpeaker
            }
            return (info.pointee.name.map { String(cString: $0) } ?? "default", Int(info.pointee.defaultSampleRate.rounded()))
        }
        (deviceName, sampleRate) = found
    }

    /// Whether the computer is speaking now (captions pause meanwhile).
    public var isSpeaking: Bool { speaking.withLock { $0 } }

    /// Plays `audio` to the end, on the default speaker as it is now.
    public func play(_ audio: MonoAudio) throws(VoicePlayerError) {
        // PortAudio is started and the stream opened under the shared lock (the microphones
        // use it too); the samples are written outside it, so a listing is never held up.
        let (stream, rate) = try Self.withPortAudio(terminateAfter: false) { () throws(VoicePlayerError) -> (UnsafeMutableRawPointer, Int) in
            let device = Pa_GetDefaultOutputDevice()
            guard device != paNoDevice, device >= 0, let info = Pa_GetDeviceInfo(device), info.pointee.maxOutputChannels > 0 else {
                Pa_Terminate()
                throw .noSpeaker
            }
            let rate = Int(info.pointee.defaultSampleRate.rounded())
            var parameters = PaStreamParameters()
            parameters.device = device
            parameters.channelCount = 1
            parameters.sampleFormat = PaSampleFormat(paFloat32)
            parameters.suggestedLatency = info.pointee.defaultHighOutputLatency
            var stream: UnsafeMutableRawPointer?
            let status = Pa_OpenStream(&stream, nil, &parameters, Double(rate), 1024, PaStreamFlags(paClipOff), nil, nil)
            guard status == paNoError.rawValue, let stream else {
                Pa_Terminate()
                throw .streamFailed(detail: Self.text(status))
            }
            return (stream, rate)
        }
        defer {
            PortAudioLibrary.lock.lock()
            Pa_CloseStream(stream)
            Pa_Terminate()
            PortAudioLibrary.lock.unlock()
        }
        let samples = Resampler(from: audio.sampleRate, to: rate).resample(audio.samples)
        setSpeaking(true)
        defer { setSpeaking(false) }
        var status = Pa_StartStream(stream)
        guard status == paNoError.rawValue else { throw .streamFailed(detail: Self.text(status)) }
        var offset = 0
        while offset < samples.count {
            let count = min(4096, samples.count - offset)
            status = samples.withUnsafeBufferPointer { Pa_WriteStream(stream, $0.baseAddress! + offset, UInt(count)) }
            // An underflow only means a gap was heard; the rest still plays.
            guard status == paNoError.rawValue || status == paOutputUnderflowed.rawValue else {
                Pa_AbortStream(stream)
                throw .streamFailed(detail: Self.text(status))
            }
            offset += count
        }
        Pa_StopStream(stream)   // returns once the buffers have played out
    }

    /// Runs `body` with PortAudio started, under the lock the microphones share, with the ALSA
    /// and JACK chatter about missing sound cards kept off her terminal (OZEN_AUDIO_DEBUG=1
    /// shows it). PortAudio counts its starts, so this and an open microphone live side by side.
    static func withPortAudio<T>(terminateAfter: Bool = true, _ body: () throws(VoicePlayerError) -> T) throws(VoicePlayerError) -> T {
        PortAudioLibrary.lock.lock()
        defer { PortAudioLibrary.lock.unlock() }
        if !OzenEnvironment.current.showsAudioMessages { ozen_audio_quiet() }
        let status = Pa_Initialize()
        guard status == paNoError.rawValue else { throw .audioSystemFailed(detail: text(status)) }
        do {
            let result = try body()
            if terminateAfter { Pa_Terminate() }
            return result
        } catch {
            if terminateAfter { Pa_Terminate() }
            throw error
        }
    }

    static func text(_ status: PaError) -> String {
        Pa_GetErrorText(status).map { String(cString: $0) } ?? "PortAudio error \(status)"
    }

    private func setSpeaking(_ value: Bool) {
        speaking.withLock { $0 = value }
    }
}

/// Why the voice could not be played.
public enum VoicePlayerError: Error, Equatable, CustomStringConvertible, Sendable {
    case noSpeaker
    case audioSystemFailed(detail: String)
    case streamFailed(detail: String)

    public var description: String {
        switch self {
        case .noSpeaker:
            return tr("לא נמצא רמקול — למחשב הזה אין התקן שמע ליציאה (חברו רמקול או אוזניות, או השתמשו ב־--out קובץ.wav כדי לשמור את הקול בקובץ)",
                      "no speaker found — this computer has no audio output device (plug in a speaker or headphones, or use --out FILE.wav to save the voice to a file)")
        case .audioSystemFailed(let detail):
            return tr("מערכת השמע לא עלתה (\(detail)) — השתמשו ב־--out קובץ.wav כדי לשמור את הקול בקובץ",
                      "the audio system could not start (\(detail)) — use --out FILE.wav to save the voice to a file")
        case .streamFailed(let detail):
            return tr("הרמקול לא ניגן את הקול (\(detail)) — בדקו שהוא מחובר, או השתמשו ב־--out קובץ.wav",
                      "the speaker could not play the voice (\(detail)) — check it is connected, or use --out FILE.wav")
        }
    }
}

/// No speaker, or an audio system that would not play, is the machine's setup: `--out FILE.wav` is the way round it.
extension VoicePlayerError: HasFailureKind {
    public var failureKind: FailureKind { .setup }
}
