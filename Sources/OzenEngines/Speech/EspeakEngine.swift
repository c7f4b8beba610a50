import CEspeakNG
import Foundation
import OzenKit
import Synchronization

/// libespeak-ng, for two jobs: the Hebrew and Swedish voices, and the IPA that the English
/// Piper voice is read from (sherpa-onnx 2.0.1 has no phonemiser of its own).
///
/// The library keeps one voice and one set of buffers for the whole process, so there is one
/// engine (`shared`) and every call holds its lock. It runs in synchronous mode: `espeak_Synth`
/// returns when the sentence is made, the 16-bit samples having come through the callback into
/// memory; nothing is played and nothing written to disk. Its rate is 22 050 Hz.
public final class EspeakEngine: Sendable {
    public static let shared: Result<EspeakEngine, SpeechOutError> = {
        // DONT_EXIT: without it a missing data folder ends the process.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else { return .failure(.espeakUnavailable) }
        espeak_SetSynthCallback(collectSamples)
        return .success(EspeakEngine(sampleRate: Int(rate)))
    }()

    public let sampleRate: Int
    /// Held for every call into the library, whose voice and buffers are the process's.
    private let lock = Mutex(())

    private init(sampleRate: Int) { self.sampleRate = sampleRate }

    /// `text` said by eSpeak voice `voice` ("he", "sv", "en-us"), as Float samples at `sampleRate`.
    public func synthesize(_ text: String, voice: String) throws(SpeechOutError) -> MonoAudio {
        try lock.withLock { _ throws(SpeechOutError) in try synthesizeLocked(text, voice: voice) }
    }

    private func synthesizeLocked(_ text: String, voice: String) throws(SpeechOutError) -> MonoAudio {
        try select(voice)
        let sink = SampleSink()
        let handle = Unmanaged.passRetained(sink)
        defer { handle.release() }
        let status = text.withCString { pointer in
            espeak_Synth(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0,
                         UInt32(espeakCHARS_UTF8 | espeakENDPAUSE), nil, handle.toOpaque())
        }
        guard status == EE_OK else { throw .synthesisFailed(voice: voice) }
        return MonoAudio(samples: sink.samples.map { Float($0) / 32768 }, sampleRate: sampleRate)
    }

    /// The IPA of `text` in voice `voice`, one string per sentence, with the clause punctuation
    /// Piper voices were trained with (",", ".", "?", "!", ";", ":") put back where eSpeak cut
    /// the text into clauses: `espeak_TextToPhonemes` drops it, and a voice given none reads
    /// a question as flatly as a statement.
    public func phonemes(_ text: String, voice: String) throws(SpeechOutError) -> [String] {
        try lock.withLock { _ throws(SpeechOutError) in try phonemesLocked(text, voice: voice) }
    }

    private func phonemesLocked(_ text: String, voice: String) throws(SpeechOutError) -> [String] {
        try select(voice)
        guard let buffer = strdup(text) else { return [] }
        defer { free(buffer) }
        let end = UnsafeRawPointer(buffer) + strlen(buffer)
        var cursor: UnsafeRawPointer? = UnsafeRawPointer(buffer)
        var sentences: [String] = []
        var current = ""
        while let start = cursor, start < end {
            guard let ipa = espeak_TextToPhonemes(&cursor, espeakCHARS_UTF8, espeakPHONEMES_IPA) else { break }
            let clause = String(cString: ipa).trimmingCharacters(in: .whitespacesAndNewlines)
            let stop = cursor ?? end
            var consumed = String(decoding: UnsafeRawBufferPointer(start: start, count: stop - start), as: UTF8.self)
            // After some marks ("," and "." but not ";" or ":") eSpeak has already read the first
            // character of the next clause: that character is not this clause's.
            if cursor != nil, let last = consumed.last, !last.isWhitespace, !Self.clauseMarks.contains(last) {
                consumed.removeLast()
            }
            let mark = consumed.trimmingCharacters(in: .whitespacesAndNewlines).last
            if !clause.isEmpty { current += clause }
            switch mark {
            case ".", "!", "?":
                if !current.isEmpty { sentences.append(current + String(mark!)) }
                current = ""
            case ",", ";", ":":
                if !current.isEmpty { current += String(mark!) + " " }
            default:
                if !current.isEmpty { current += " " }
            }
            if cursor == nil || stop <= start { break }
        }
        let rest = current.trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty { sentences.append(rest) }
        return sentences
    }

    static let clauseMarks: Set<Character> = [".", "!", "?", ",", ";", ":"]

    private func select(_ voice: String) throws(SpeechOutError) {
        guard espeak_SetVoiceByName(voice) == EE_OK else { throw .voiceMissing(name: voice) }
    }
}

/// Where one `espeak_Synth` call's samples go; reached through the event's user pointer.
private final class SampleSink {
    var samples: [Int16] = []
}

/// eSpeak's synth callback: copies each block of samples into the sink of the call that made it.
private let collectSamples: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 = { wav, count, events in
    guard let wav, count > 0, let user = events?.pointee.user_data else { return 0 }
    let sink = Unmanaged<SampleSink>.fromOpaque(user).takeUnretainedValue()
    sink.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
    return 0
}
