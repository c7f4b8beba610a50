import CWhisper
import Foundation
import OzenKit
import Synchronization

/// Speech recognition with whisper.cpp's C API.
///
/// Each pass sizes the encoder to the audio (`audio_ctx`) instead of Whisper's fixed 30 s:
/// on this 2-core CPU a 3 s clip took 3.7–4.2 s at the default and 0.50–0.66 s sized
/// (docs/findings.md, "Sizing the encoder"). The margin of 64 frames (1.28 s) is what kept the
/// text right; without it a 3 s clip came out as garbage.
///
/// Passes are serialised unless `Settings.concurrentDecodes` allows more: each decode has a
/// whisper state of its own, and whisper.cpp decodes on distinct states of one context in
/// parallel (its own `whisper_full_parallel` does); only creating a state waits for the others.
// @unchecked: holds an OpaquePointer to a whisper context, which decodes share (each on a state of its own).
public final class WhisperRecognizer: SpeechRecognizer, @unchecked Sendable {
    public struct Settings: Sendable, Equatable {
        /// CPU threads per pass. Two threads on a loaded 2-core machine were erratic while OpenMP
        /// spun without end; `ozen` sets a short spin (`GOMP_SPINCOUNT`, `Launch`) before the
        /// library loads.
        public var threads: Int
        /// CPU threads of a live pass (`DecodingOptions.isLivePass`); nil: half of `threads`. A
        /// live pass is a short greedy decode, on which a second thread mostly waits for the
        /// first; on this 2-core machine one thread made live passes a third slower and the
        /// pipeline a fifth cheaper. The five-person table at real time, 1 thread against 2 (7 and
        /// 10 runs, alternated, 2026-12-04): 38.6–41.7 (median 39.7) against 47.2–52.1 (50.0)
        /// CPU s per audio minute, issue 13's target 40; 77–87 live passes against 100–106; words
        /// final 1.15–1.27 s after the speech (median 1.17) against 0.92–1.17 (0.97), fewer passes
        /// agreeing on words before the final pass; first words 0.82–0.90 against 0.75–0.81 s; WER
        /// 9.3 % in every run (`OZEN_LIVE_THREADS=N ozen bench accuracy --table --realtime-only`).
        /// Spacing the 2-thread passes further apart instead saved less for the same delay: twice
        /// their cost between them, 42.4–44.9 CPU s, words final 1.14–1.21 s (`OZEN_PASS_COST_FACTOR=2`).
        public var livePassThreads: Int?
        /// Encoder frames added to the audio's own (50 per second); 0 turns sizing off.
        public var audioContextMargin: Int
        /// Decodes that may run at once (`ozen serve`'s schedule runs two while streams share
        /// the model); 1 everywhere else.
        public var concurrentDecodes = 1
        public init(threads: Int = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)), audioContextMargin: Int = 64) {
            self.threads = threads
            self.audioContextMargin = audioContextMargin
        }
        public static let `default` = Settings()
    }

    public let model: InstalledModel
    public let settings: Settings
    private let context: OpaquePointer
    /// Held while a whisper state is made or freed: only those wait for each other.
    private let lock = Mutex(())
    private let decodes: DispatchSemaphore

    /// Whisper refuses input under one second; shorter utterances are padded with silence.
    static let minimumSamples = 16_000 + 1_600

    public init(model: InstalledModel, settings: Settings = .default) throws(ModelError) {
        try ProcessorSupport.checkForWhisper()
        WhisperLog.silence()
        var params = whisper_context_default_params()
        params.use_gpu = false
        // Flash attention stays off although it needs less memory: its other summation order
        // changed the beam's choices, and on the five-person table (`ozen bench accuracy --table
        // --no-realtime --lines`) the cards reader's turn locked as a loop, "…7 of hearts 8 of
        // clubs 8 of clubs 8 of", where without it the line is right; the table's locked lines
        // had 15.9 % of words wrong against 7.7 %. Its CPU per audio minute there, 73.6–82.8
        // against 77.8–78.6 s, showed no gain in speed either.
        params.flash_attn = false
        // No state of the context's own: every decode makes its own (below), so one made here
        // would only hold its caches, cleared and so resident, for nothing. The pyannote call and
        // JFK replayed at real time: peak 521 MiB against 553 with it (median of 3 rounds of
        // `scripts/bench_caption.py --realtime --baseline-binary`, 2026-12-03).
        guard let context = whisper_init_from_file_with_params_no_state(model.filePath, params) else {
            throw .engineRefused(name: model.manifest.name, path: model.filePath)
        }
        self.model = model
        self.settings = settings
        self.context = context
        decodes = DispatchSemaphore(value: max(1, settings.concurrentDecodes))
    }

    deinit { whisper_free(context) }

    public func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript {
        var audio = samples
        if audio.count < Self.minimumSamples { audio += [Float](repeating: 0, count: Self.minimumSamples - audio.count) }
        var params = whisper_full_default_params(options.beamSize > 1 ? WHISPER_SAMPLING_BEAM_SEARCH : WHISPER_SAMPLING_GREEDY)
        let threads = Int32(options.threads ?? (options.isLivePass ? settings.livePassThreads ?? max(1, settings.threads / 2) : settings.threads))
        params.n_threads = threads
        params.print_progress = false
        params.print_realtime = false
        params.print_timestamps = false
        params.print_special = false
        params.translate = options.translatesToEnglish
        params.no_context = !options.promptsWithEarlierWindows
        params.suppress_blank = true
        params.token_timestamps = true
        params.beam_search.beam_size = Int32(max(1, options.beamSize))
        let margin = options.audioContextMargin ?? settings.audioContextMargin
        if margin > 0 {
            let frames = max(Int((Double(audio.count) / 16_000 * 50).rounded(.up)) + margin, options.minimumAudioContext ?? 0)
            params.audio_ctx = Int32(min(1500, frames))
        }
        if !options.allowsFallback { params.temperature_inc = 0 }
        // A loop of invented text stops at a length no speaker reaches: 12 tokens a second
        // (Hebrew's BPE needs ~6–8 for fast speech, English ~3–4) plus 16.
        // (Per window: a long offline decode reads 30 s at a time.)
        params.max_tokens = Int32(16 + 12 * min(audio.count, 30 * 16_000) / 16_000)
        let language = options.language.whisperCode ?? "auto"
        params.detect_language = false

        // A background decode (a locked line heard again) runs at the lowest priority beside
        // the pipeline's passes, never in their queue: holding the queue's place while the
        // kernel starves it would hold up the very finals it must give way to.
        if options.runsInBackground {
            BackgroundPriority.lowerThisThread()
        } else {
            decodes.wait()
        }
        defer { if !options.runsInBackground { decodes.signal() } }
        // Every decode gets a whisper state of its own. The context's shared state carries one
        // call into the next: the text of earlier windows (ozen serve's transcription endpoint
        // answered a French sentence with the JFK clip decoded before it), and more than that:
        // the same Italian recording interpreted twice in one process, with three other decodes
        // between, gave different lines and English (CI's chrF 36.9 where a fresh process
        // gave 49.0). A fresh state per call costs nothing measurable: 8 decodes of 3 s took
        // 2.24–2.68 s either way on this machine (a scratch measurement, 2026-12-01).
        let made = lock.withLock { _ in whisper_init_state(context) }
        guard let state = made else { throw RecognitionFailure(code: -100) }
        defer { lock.withLock { _ in whisper_free_state(state) } }
        // A cancelled pass stops between two steps of the encoder or decoder (whisper.cpp asks
        // the callback before each graph node on the CPU and after each encode and decode).
        let cancellation = options.cancellation
        if let cancellation {
            params.abort_callback = { data in
                Unmanaged<PassCancellation>.fromOpaque(data!).takeUnretainedValue().isCancelled
            }
            params.abort_callback_user_data = Unmanaged.passUnretained(cancellation).toOpaque()
        }
        let status: Int32 = withExtendedLifetime(cancellation) { language.withCString { lang in
            params.language = lang
            return withOptionalCString(options.prompt) { prompt in
                params.initial_prompt = prompt
                return audio.withUnsafeBufferPointer { samples in
                    whisper_full_with_state(context, state, params, samples.baseAddress, Int32(samples.count))
                }
            }
        } }
        if let cancellation, cancellation.isCancelled { throw PassCancelled() }
        guard status == 0 else { throw RecognitionFailure(code: Int(status)) }
        var transcript = collectTranscript(fallbackLanguage: options.language, state: state)
        // A decode of one window only: the encoder output in the state is that window's.
        if !options.promptsWithEarlierWindows {
            transcript.noSpeechProbability = noSpeechProbability(state: state, threads: threads)
            for i in transcript.segments.indices { transcript.segments[i].noSpeechProbability = transcript.noSpeechProbability }
        }
        return transcript
    }

    /// `whisper_full_get_segment_no_speech_prob` is broken in 1.8.5 (always 1/n_vocab). The
    /// working way (docs/findings.md, "Whisper's no-speech probability"): decode the
    /// start-of-transcript token alone against the encoder output still in memory and read the
    /// no-speech token's probability from its logits. Measured there: speech 0.006–0.04, an
    /// alarm sound 0.68, silence 0.91. One decoder step.
    public func tokenCount(_ text: String) -> Int {
        lock.withLock { _ in Int(whisper_token_count(context, text)) }
    }

    private func noSpeechProbability(state: OpaquePointer, threads: Int32) -> Double? {
        var sot = whisper_token_sot(context)
        guard whisper_decode_with_state(context, state, &sot, 1, 0, threads) == 0,
              let logits = whisper_get_logits_from_state(state) else { return nil }
        let count = Int(whisper_n_vocab(context))
        let nosp = Int(whisper_token_nosp(context))
        guard nosp < count else { return nil }
        var maxLogit = -Float.infinity
        for i in 0..<count { maxLogit = max(maxLogit, logits[i]) }
        var sum = 0.0
        for i in 0..<count { sum += exp(Double(logits[i] - maxLogit)) }
        return exp(Double(logits[nosp] - maxLogit)) / sum
    }

    /// The result of the decode held in `state`.
    private func collectTranscript(fallbackLanguage: SpokenLanguage, state: OpaquePointer) -> Transcript {
        let eot = whisper_token_eot(context)
        let context = self.context
        let segments = whisper_full_n_segments_from_state(state)
        func segmentText(_ i: Int32) -> UnsafePointer<CChar>? {
            whisper_full_get_segment_text_from_state(state, i)
        }
        func tokens(_ i: Int32) -> Int32 { whisper_full_n_tokens_from_state(state, i) }
        func tokenID(_ i: Int32, _ j: Int32) -> Int32 {
            whisper_full_get_token_id_from_state(state, i, j)
        }
        func tokenData(_ i: Int32, _ j: Int32) -> whisper_token_data {
            whisper_full_get_token_data_from_state(state, i, j)
        }
        func tokenText(_ i: Int32, _ j: Int32) -> UnsafePointer<CChar>? {
            whisper_full_get_token_text_from_state(context, state, i, j)
        }
        var text = ""
        var probabilities = [Double]()
        var logProbabilities = [Double]()
        var words = [TimedWord]()
        var pieces = [PassSegment]()
        for segment in 0..<segments {
            let pieceText = segmentText(segment).map { String(cString: $0) } ?? ""
            text += pieceText
            var pieceLogProbabilities = [Double]()
            for token in 0..<tokens(segment) where tokenID(segment, token) < eot {
                let data = tokenData(segment, token)
                probabilities.append(Double(data.p))
                logProbabilities.append(Double(data.plog))
                pieceLogProbabilities.append(Double(data.plog))
                guard let piece = tokenText(segment, token) else { continue }
                let text = String(cString: piece)
                let (t0, t1) = (Double(data.t0) / 100, Double(data.t1) / 100)
                if text.hasPrefix(" ") || words.isEmpty {
                    let word = text.trimmingCharacters(in: .whitespaces)
                    if !word.isEmpty { words.append(TimedWord(text: word, start: t0, end: t1)) }
                } else {
                    words[words.count - 1].text += text
                    words[words.count - 1].end = t1
                }
            }
            let pieceLogProbability = pieceLogProbabilities.isEmpty ? nil
                : pieceLogProbabilities.reduce(0, +) / Double(pieceLogProbabilities.count)
            pieces.append(PassSegment(text: pieceText, averageLogProbability: pieceLogProbability))
        }
        var language = fallbackLanguage.rawValue
        if fallbackLanguage == .auto, let code = whisper_lang_str(whisper_full_lang_id_from_state(state)) {
            language = String(cString: code)
        }
        let confidence = probabilities.isEmpty ? nil : probabilities.reduce(0, +) / Double(probabilities.count)
        let logProbability = logProbabilities.isEmpty ? nil : logProbabilities.reduce(0, +) / Double(logProbabilities.count)
        var transcript = Transcript(text: text, confidence: confidence, language: language, averageLogProbability: logProbability)
        transcript.words = words
        transcript.segments = pieces
        return NonSpeechMarks.removed(from: transcript)
    }
}

/// whisper_full returned an error code: the pass failed, the audio is not lost.
public struct RecognitionFailure: Error, CustomStringConvertible {
    public var code: Int
    public var description: String {
        tr("מנוע הדיבור נכשל על השמע הזה (whisper_full החזיר \(code))", "the speech engine failed on this audio (whisper_full returned \(code))")
    }
}

private func withOptionalCString<R>(_ s: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let s else { return body(nil) }
    return s.withCString { body($0) }
}

/// whisper.cpp and ggml print model details to stderr; `ozen` keeps stderr for errors a person
/// should read. Set once, before the first model loads.
enum WhisperLog {
    private static let once: Void = {
        whisper_log_set({ _, _, _ in }, nil)
    }()
    static func silence() { _ = once }
}
