import CPortAudio
import Foundation
import OzenKit
import Synchronization

/// The machine's microphones through PortAudio (ALSA, and JACK when it runs).
///
/// Streams ask for 16-bit mono at the device's own rate: USB microphones are 16-bit at
/// 44.1 or 48 kHz, ALSA's plug layer mixes any channel count down, and our own resampler
/// (`StreamingResampler`) brings the audio to 16 kHz. Asking for 16-bit rather than float is
/// measured: through ALSA's `file` plugin a float request added a conversion stage that
/// skipped a third of the recording, while 16-bit delivered it bit-exact.
public struct PortAudioMicrophones: MicrophoneSystem {
    public init() {}

    public func devices() throws(InputProblem) -> [MicrophoneDevice] {
        try PortAudioLibrary.using { () throws(InputProblem) -> [MicrophoneDevice] in Self.currentDevices() }
    }

    /// The input devices PortAudio knows now; call with PortAudio initialised.
    static func currentDevices() -> [MicrophoneDevice] {
        let count = Pa_GetDeviceCount()
        guard count > 0 else { return [] }
        let defaultIndex = Int(Pa_GetDefaultInputDevice())
        return (0..<count).compactMap { index -> MicrophoneDevice? in
            guard let info = Pa_GetDeviceInfo(index)?.pointee, info.maxInputChannels > 0 else { return nil }
            let api = Pa_GetHostApiInfo(info.hostApi)?.pointee.name.map { String(cString: $0) } ?? "?"
            return MicrophoneDevice(index: Int(index), name: info.name.map { String(cString: $0) } ?? "?",
                                    hostAPI: api, channels: Int(info.maxInputChannels),
                                    defaultSampleRate: info.defaultSampleRate, isDefault: Int(index) == defaultIndex)
        }
    }

    public func open(_ device: MicrophoneDevice, sampleRate: Double,
                     deliver: @escaping @Sendable ([Float]) -> Void) throws(InputProblem) -> any OpenMicrophone {
        try PortAudioStream(device: device, sampleRate: sampleRate, deliver: deliver)
    }
}

/// One running PortAudio input stream. It holds one PortAudio initialisation while open, so
/// the device list is not re-read under it.
final class PortAudioStream: OpenMicrophone, Sendable {
    /// What the audio thread needs; kept alive by the stream until it is closed.
    final class Receiver: Sendable {
        let deliver: @Sendable ([Float]) -> Void
        init(deliver: @escaping @Sendable ([Float]) -> Void) { self.deliver = deliver }
    }

    /// PortAudio's stream until `close`; taken only with `PortAudioLibrary.lock` held too.
    private let stream: Mutex<UnsafeMutableRawPointer?>
    private let receiver: Receiver
    private let name: String

    init(device: MicrophoneDevice, sampleRate: Double, deliver: @escaping @Sendable ([Float]) -> Void) throws(InputProblem) {
        receiver = Receiver(deliver: deliver)
        name = device.name
        PortAudioLibrary.lock.lock()
        defer { PortAudioLibrary.lock.unlock() }
        try PortAudioLibrary.initialize()
        // The list may have changed since `device` was read: find it again by name.
        guard let current = PortAudioMicrophones.currentDevices().first(where: { $0.name == device.name }),
              let info = Pa_GetDeviceInfo(PaDeviceIndex(current.index))?.pointee else {
            Pa_Terminate()
            throw .microphoneDisconnected(name: device.name)
        }
        var parameters = PaStreamParameters(device: PaDeviceIndex(current.index), channelCount: 1,
                                            sampleFormat: PaSampleFormat(paInt16),
                                            suggestedLatency: info.defaultHighInputLatency,
                                            hostApiSpecificStreamInfo: nil)
        var opened: UnsafeMutableRawPointer?
        var error = Pa_OpenStream(&opened, &parameters, nil, sampleRate, UInt(paFramesPerBufferUnspecified),
                                  PaStreamFlags(paNoFlag), portAudioInput,
                                  Unmanaged.passUnretained(receiver).toOpaque())
        if error == paNoError.rawValue {
            error = Pa_StartStream(opened)
            if error != paNoError.rawValue { Pa_CloseStream(opened) }
        }
        guard error == paNoError.rawValue else {
            let problem = Self.problem(error, name: device.name)
            Pa_Terminate()
            throw problem
        }
        stream = Mutex(opened)
    }

    /// Permission errors need a person; anything else may pass (a busy device, a driver hiccup).
    static func problem(_ error: PaError, name: String) -> InputProblem {
        if let code = PortAudioLibrary.hostErrorCode(error), code == -Int(EACCES) || code == -Int(EPERM) {
            return .microphoneForbidden(name: name)
        }
        if error == paInvalidDevice.rawValue || error == paDeviceUnavailable.rawValue {
            return .microphoneDisconnected(name: name)
        }
        return .microphoneStopped(name: name, detail: PortAudioLibrary.message(error))
    }

    var isRunning: Bool {
        PortAudioLibrary.lock.lock()
        defer { PortAudioLibrary.lock.unlock() }
        return stream.withLock { stream in
            guard let stream else { return false }
            return Pa_IsStreamActive(stream) == 1
        }
    }

    func close() {
        PortAudioLibrary.lock.lock()
        defer { PortAudioLibrary.lock.unlock() }
        stream.withLock { held in
            guard let stream = held else { return }
            held = nil
            // Abort, not stop: a stream whose device vanished may never drain.
            Pa_AbortStream(stream)
            Pa_CloseStream(stream)
            Pa_Terminate()
        }
    }

    deinit { close() }
}

/// PortAudio's audio-thread callback: 16-bit mono in, floats handed to the receiver.
private func portAudioInput(_ input: UnsafeRawPointer?, _ output: UnsafeMutableRawPointer?, _ frames: UInt,
                            _ time: UnsafePointer<PaStreamCallbackTimeInfo>?, _ flags: PaStreamCallbackFlags,
                            _ user: UnsafeMutableRawPointer?) -> Int32 {
    guard let user else { return Int32(paAbort.rawValue) }
    let receiver = Unmanaged<PortAudioStream.Receiver>.fromOpaque(user).takeUnretainedValue()
    guard let input, frames > 0 else { return Int32(paContinue.rawValue) }
    let samples = UnsafeBufferPointer(start: input.assumingMemoryBound(to: Int16.self), count: Int(frames))
    receiver.deliver(samples.map { Float($0) / 32768 })
    return Int32(paContinue.rawValue)
}
