import Foundation
import OzenKit
import Synchronization

/// Cloud captions: the final pass of each closed line also goes, as a WAV of that line's audio,
/// to an OpenAI-compatible transcription endpoint with her own key (OpenAI, Groq, another
/// computer's `ozen serve`), or to a chat model that hears audio (OpenRouter, Gemini:
/// `ChatTranscription`), or to ElevenLabs' or Deepgram's speech-to-text (`CloudTranscript`), and
/// its text replaces this computer's when it answers in time.
/// Live passes never leave the computer. The local final is decoded while the cloud works, so
/// a cloud that fails, refuses or is slow costs the line nothing but the wait
/// (`CloudFallback.wait(afterLocalTook:)`), and she is told (`onNote`).
public final class CloudFinalsRecognizer: SpeechRecognizer, Sendable {
    public let local: any SpeechRecognizer
    public let client: OpenAIClient
    private let onNote: @Sendable (String) -> Void
    /// Her name and alert words, spelled as she spells them: a chat model is told them.
    private let names: [String]
    private struct State {
        var fallback = CloudFallback()
        var counts = (cloud: 0, local: 0)
    }
    private let state = Mutex(State())
    private let started = Date()

    public init(local: any SpeechRecognizer, provider: ProviderSettings, names: [String] = [], onNote: @escaping @Sendable (String) -> Void) {
        self.local = local
        self.names = names
        var bounded = provider
        // A request nobody waits for any more should not hold a thread for long either.
        bounded.timeout = min(provider.timeout, 30)
        client = OpenAIClient(provider: bounded)
        self.onNote = onNote
    }

    /// Lines whose final came from the cloud, and from this computer, so far.
    public var linesByWhere: (cloud: Int, local: Int) { state.withLock { $0.counts } }

    public func tokenCount(_ text: String) -> Int { local.tokenCount(text) }

    public func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript {
        let now = Date().timeIntervalSince(started)
        guard !options.isLivePass, !options.translatesToEnglish, state.withLock({ $0.fallback.shouldAsk(now: now) }) else {
            let transcript = try local.transcribe(samples, options: options)
            if !options.isLivePass { state.withLock { $0.counts.local += 1 } }
            return transcript
        }
        let answer = CloudAnswer()
        let client = self.client
        let wav = Array(WAVEncoder(format: .pcm16, sampleRate: MonoAudio.speechRate).encode(samples))
        let language = options.language.whisperCode, prompt = options.prompt
        let api = client.provider.captionAPI
        let instructions = api == .chatAudio
            ? ChatTranscription.instructions(languageName: Self.languageName(options.language), names: names) : nil
        Thread.detachNewThread {
            do throws(ProviderFailure) {
                switch api {
                case .chatAudio:
                    let text = try client.transcribeByChat(wav: wav, instructions: instructions ?? "")
                    let lines = ChatTranscription.lines(of: text)
                    answer.finish(.success(CloudTranscript(text: text, words: [], lines: lines)))
                case .elevenLabs, .deepgram:
                    let heard = api == .deepgram ? try client.transcribeByDeepgram(wav: wav, language: language)
                                                 : try client.transcribeByElevenLabs(wav: wav, language: language)
                    answer.finish(.success(heard))
                case .transcriptions:
                    let text = try client.transcribe(wav: wav, language: language, prompt: prompt)
                    answer.finish(.success(CloudTranscript(text: text, words: [], lines: [text])))
                }
            } catch { answer.finish(.failure(error)) }
        }
        var transcript = try local.transcribe(samples, options: options)
        let localSeconds = Date().timeIntervalSince(started) - now
        let waited = answer.wait(until: Date(timeIntervalSinceNow: CloudFallback.wait(afterLocalTook: localSeconds)))
        let note: CloudFallback.Note?
        switch waited {
        case .success(let answered):
            // A chat model's lines are one speaker's words each: kept in order, each word timed
            // from its share of the voiced audio, so the line can still be split by voice.
            // ElevenLabs gives each word its own time; a transcription endpoint gives none.
            let lines = answered.lines
            let heard = lines.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            note = state.withLock { $0.fallback.succeeded() }
            // An empty answer over local words keeps the words: no line is lost to the cloud.
            if !heard.isEmpty || transcript.text.trimmingCharacters(in: .whitespaces).isEmpty {
                if heard != transcript.text.trimmingCharacters(in: .whitespaces) {
                    let seconds = Double(samples.count) / Double(MonoAudio.speechRate)
                    switch api {
                    case .transcriptions: transcript.words = []
                    case .elevenLabs, .deepgram: transcript.words = answered.words
                    case .chatAudio:
                        transcript.words = ChatTranscription.timedWords(lines, from: transcript.words.first?.start ?? 0,
                                                                        to: transcript.words.last?.end ?? seconds)
                    }
                    transcript.text = heard
                }
                state.withLock { $0.counts.cloud += 1 }
            } else {
                state.withLock { $0.counts.local += 1 }
            }
        case .failure(let failure):
            note = state.withLock { $0.fallback.failed(reason: Self.reason(failure), now: Date().timeIntervalSince(started)) }
            state.withLock { $0.counts.local += 1 }
        case nil:
            note = state.withLock {
                $0.fallback.failed(reason: tr("אין תשובה תוך \(Int(CloudFallback.wait(afterLocalTook: localSeconds) + localSeconds)) שנ׳",
                                           "no answer within \(Int(CloudFallback.wait(afterLocalTook: localSeconds) + localSeconds)) s"),
                                now: Date().timeIntervalSince(started))
            }
            state.withLock { $0.counts.local += 1 }
        }
        if let note { onNote(note.text) }
        return transcript
    }

    /// The language's English name for a chat model's instructions ("Hebrew"); for `auto`, the
    /// language it is spoken in.
    static func languageName(_ language: SpokenLanguage) -> String {
        guard let code = language.whisperCode else { return "the language it is spoken in" }
        return Locale(identifier: "en").localizedString(forLanguageCode: code) ?? code
    }

    /// A failure in a few words, never with the key (ProviderFailure never holds it).
    static func reason(_ failure: ProviderFailure) -> String {
        let text = failure.description
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}

/// The cloud's answer for one line, handed from the request's thread to the line's.
private final class CloudAnswer: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<CloudTranscript, ProviderFailure>?>(nil)

    func finish(_ result: Result<CloudTranscript, ProviderFailure>) {
        self.result.withLock { $0 = result }
        arrived.signal()
    }

    func wait(until deadline: Date) -> Result<CloudTranscript, ProviderFailure>? {
        _ = arrived.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow))
        return result.withLock { $0 }
    }
}
