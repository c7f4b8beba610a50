import CSherpaOnnx
import Foundation
import OzenKit
import Synchronization

/// The English voice: Piper's en_US "joe" (medium, 22 050 Hz, CC0 data) run by sherpa-onnx's
/// offline TTS, read from eSpeak NG's IPA (docs/findings.md, "The Piper voice": RTF 0.10, and
/// Whisper base reads it back word-perfect).
///
/// sherpa-onnx ends the process on a bad model or phoneme table, so both are checked first:
/// the model against its manifest (size, sha256) by `InstalledModel`, the phoneme table
/// (`tokens.txt`) against the sha256 that setup wrote into the manifest, and each of its lines
/// for the one-symbol-one-number shape sherpa insists on. Phonemes the voice does not know are
/// left out here, so sherpa has nothing to complain about on stderr.
public final class PiperVoice: Sendable {
    /// Piper's own inference settings for this voice (its .onnx.json): noise 0.667, length 1, noise_w 0.8.
    static let noiseScale: Float = 0.667, lengthScale: Float = 1, noiseScaleW: Float = 0.8

    public let model: InstalledModel
    public let sampleRate: Int
    /// sherpa-onnx's engine, used by one synthesis at a time.
    private let tts: Mutex<OpaquePointer>
    private let known: Set<Unicode.Scalar>

    public init(model: InstalledModel, threads: Int = 2) throws(ModelError) {
        let tokensPath = model.folder + "/tokens.txt"
        known = try Self.checkedTokens(folder: model.folder, name: model.manifest.name)
        var config = SherpaOnnxOfflineTtsConfig()
        let path = strdup(model.filePath), tokens = strdup(tokensPath), provider = strdup("cpu")
        config.model.vits.model = UnsafePointer(path)
        config.model.vits.tokens = UnsafePointer(tokens)
        config.model.vits.noise_scale = Self.noiseScale
        config.model.vits.noise_scale_w = Self.noiseScaleW
        config.model.vits.length_scale = Self.lengthScale
        config.model.num_threads = Int32(threads)
        config.model.provider = UnsafePointer(provider)
        config.max_num_sentences = 1
        config.silence_scale = 0.2
        let made = SherpaOnnxCreateOfflineTts(&config)
        let rate = made.map { Int(SherpaOnnxOfflineTtsSampleRate($0)) }
        // Freed before the engine goes into its Mutex: the compiler sees the strings as the engine's.
        free(path); free(tokens); free(provider)
        guard let tts = made, let rate else {
            throw .engineRefused(name: model.manifest.name, path: model.filePath)
        }
        self.model = model
        sampleRate = rate
        self.tts = Mutex(tts)
    }

    deinit { tts.withLock { SherpaOnnxDestroyOfflineTts($0) } }

    /// Speech for `sentences` of IPA (as `EspeakEngine.phonemes` gives them), one after another.
    public func synthesize(ipa sentences: [String]) throws(SpeechOutError) -> MonoAudio {
        var codepoints: [Int32] = []
        var lengths: [Int32] = []
        for sentence in sentences {
            let points = sentence.unicodeScalars.filter { known.contains($0) }.map { Int32(bitPattern: $0.value) }
            guard points.contains(where: { $0 != 0x20 }) else { continue }
            codepoints += points
            lengths.append(Int32(points.count))
        }
        guard !lengths.isEmpty else { throw .nothingToSay }
        return try tts.withLock { tts throws(SpeechOutError) in try generate(tts, codepoints: codepoints, lengths: lengths) }
    }

    private func generate(_ tts: OpaquePointer, codepoints: [Int32], lengths: [Int32]) throws(SpeechOutError) -> MonoAudio {
        let audio: UnsafePointer<SherpaOnnxGeneratedAudio>? = codepoints.withUnsafeBufferPointer { points in
            lengths.withUnsafeBufferPointer { lens in
                var generation = SherpaOnnxGenerationConfig()
                generation.speed = 1
                generation.silence_scale = 0.2
                generation.phoneme_codepoints = points.baseAddress
                generation.phoneme_codepoints_lens = lens.baseAddress
                generation.phoneme_codepoints_num_sentences = Int32(lens.count)
                return SherpaOnnxOfflineTtsGenerateWithConfig(tts, "", &generation, nil, nil)
            }
        }
        guard let audio else { throw .synthesisFailed(voice: "piper-en") }
        defer { SherpaOnnxDestroyOfflineTtsGeneratedAudio(audio) }
        let count = Int(audio.pointee.n)
        guard count > 0, let samples = audio.pointee.samples else { throw .synthesisFailed(voice: "piper-en") }
        return MonoAudio(samples: Array(UnsafeBufferPointer(start: samples, count: count)), sampleRate: Int(audio.pointee.sample_rate))
    }

    /// The symbols of the voice's phoneme table, after checking it is the one setup made.
    static func checkedTokens(folder: String, name: String) throws(ModelError) -> Set<Unicode.Scalar> {
        struct Manifest: Decodable {
            struct Converter: Decodable { var tokens_sha256: String? }
            var converter: Converter?
        }
        let path = folder + "/tokens.txt"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .malformed(name: name, path: path, detail: tr("טבלת הצלילים חסרה", "its phoneme table is missing"))
        }
        let manifestPath = folder + "/manifest.json"
        guard let manifestData = FileManager.default.contents(atPath: manifestPath),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: manifestData),
              let want = manifest.converter?.tokens_sha256 else {
            throw .manifestUnreadable(name: name, path: manifestPath)
        }
        guard SHA256.hexDigest(data) == want else { throw .checksumMismatch(name: name, path: path) }
        var symbols = Set<Unicode.Scalar>()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            // "SYMBOL ID"; the space's own line starts with the space.
            let scalars = Array(line.unicodeScalars)
            guard scalars.count >= 3, scalars[1] == " ", Int(String(String.UnicodeScalarView(scalars[2...]))) != nil,
                  symbols.insert(scalars[0]).inserted else {
                throw .malformed(name: name, path: path, detail: tr("שורה לא תקינה בטבלת הצלילים", "a bad line in its phoneme table"))
            }
        }
        guard symbols.isSuperset(of: ["_", "^", "$"]) else {
            throw .malformed(name: name, path: path, detail: tr("בטבלת הצלילים חסרים סימני ההתחלה והסוף", "its phoneme table lacks the start and end symbols"))
        }
        return symbols
    }
}
