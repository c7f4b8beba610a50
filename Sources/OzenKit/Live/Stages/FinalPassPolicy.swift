import Foundation

/// The final-pass policy: which decode of a closed utterance becomes its words. A pass that
/// loops is decoded again afresh; a prompted pass that the gate drops, that comes back short,
/// that strays from what the live passes heard or that reads her words list back is decoded
/// again without the names; the hallucination gate has the last word; and when nothing
/// survives, the words the live passes heard stand.
struct FinalPassPolicy {
    let settings: LiveSettings
    let gate: HallucinationGate
    let decoder: PassDecoder
    let rate = Double(MonoAudio.speechRate)

    /// What the utterance's final words are.
    struct Outcome {
        /// The transcript chosen (the gate may still have dropped it).
        var transcript: Transcript
        /// Whether the gate kept it.
        var kept: Bool
        var words: [String]
        /// Whether `words` are the live passes' (the final pass gave none).
        var fromLivePasses: Bool
        /// Whether the chosen pass dropped a loop's copies, so its word times may lie past the
        /// words said (`PassDecoder.Pass.repeated`).
        var repeated = false
    }

    /// Decides the final words of `utterance` (its audio `samples`) from its `first` pass,
    /// decoding again where the policy says; `heard` is what the live passes showed of it.
    func settle(_ utterance: UtteranceCutter.Utterance, samples: [Float], first: PassDecoder.Pass, heard shown: [String],
                prompt: PassPrompt, words wordsList: LiveWordsList) throws -> Outcome {
        var transcript = first.transcript
        var repeated = first.repeated
        guard settings.finalPass.policy else {
            let words = transcript.text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            return Outcome(transcript: transcript, kept: true, words: words, fromLivePasses: false, repeated: first.repeated)
        }
        let beam = settings.finalBeamSize
        // A loop never reaches the screen: the pass is decoded again without a prompt and with
        // Whisper's temperature fallback; if that loops too, the loop stays cut to one copy.
        if first.looped {
            let again = try decoder.decode(samples, beam: beam, prompt: prompt, final: true, afresh: true)
            if !again.looped {
                transcript = again.transcript
                repeated = again.repeated
            }
        }
        let level = AudioLevel(measuring: samples)
        let modulation = BandModulation(measuring: samples)
        let list = wordsList.list, gatePrompt = prompt.withNames
        var kept = gate.judge(transcript, prompt: gatePrompt, audioLevel: level, modulation: modulation, wordsList: list) == .keep
        // A prompt can make Whisper stop early or read the prompt back (Ozen measured 60 names
        // cutting 98 of 120 sentences short). When a prompted final pass comes back dropped, or
        // with fewer than half the words the live passes heard, it is decoded again unprompted.
        // A prompt can also garble a sentence: under load "Ask not" came back "Esk, Knife, Esk,
        // Knife" and "ASK NOTH" on the JFK clip. What the unprompted live passes heard is
        // usually the start of the utterance; a prompted final whose start differs from it in
        // more than a quarter of its words is decoded again, and the nearer version wins. An
        // utterance whose live passes heard fewer than four words (too short to compare; in CI
        // "Ask not" became "Esk Noth, Esk Noth, Esk Noth" after two words heard) is decoded both
        // ways, and the prompted version is kept only if names from the list explain every
        // difference. Such utterances are short, so the second pass is cheap.
        let heard = WordDistance.comparableWords(shown.joined(separator: " "))
        let strayed = { (t: Transcript) in
            WordDistance.edits(from: heard, to: Array(WordDistance.comparableWords(t.text).prefix(heard.count)))
        }
        let strays = heard.count >= 4 && strayed(transcript) > max(2, heard.count / 4)
        // The conversation's earlier text primes the pass too, and can lead it astray the same
        // ways; only the names list makes short utterances worth decoding twice.
        let unchecked = heard.count < 4 && wordsList.namesPrompt != nil
        let wordCount = { (t: Transcript) in t.text.split(separator: " ").count }
        if gatePrompt != nil, !kept || wordCount(transcript) * 2 < heard.count
            || list.shareOfListWords(in: transcript.text) > 0.5 || strays || unchecked {
            let againPass = try decoder.decode(samples, beam: beam, prompt: prompt, prompted: false, final: true)
            let again = againPass.transcript
            if gate.judge(again, prompt: gatePrompt, audioLevel: level, modulation: modulation, wordsList: list) == .keep {
                let better = if !kept { true }
                    else if strays { strayed(again) < strayed(transcript) }
                    else if unchecked { WordDistance.between(transcript.text, again.text) > list.listWordCount(in: transcript.text) }
                    else { wordCount(again) >= wordCount(transcript) }
                if better {
                    transcript = again
                    repeated = againPass.repeated
                    kept = true
                }
            }
        }
        var words: [String] = []
        if kept {
            words = transcript.text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        }
        if let passLog = decoder.passLog {
            let verdict = kept ? "kept" : "the gate dropped it: \(gate.judge(transcript, prompt: gatePrompt, audioLevel: level, modulation: modulation, wordsList: list))"
            passLog(String(format: "utterance %.2f–%.2f s (voice from %.2f s), ended by %@: ", Double(utterance.start) / rate,
                           Double(utterance.end) / rate, Double(utterance.voiceStart) / rate, "\(utterance.endedBy)") + verdict)
        }
        // Nothing lost: if the final pass came back empty where live passes heard words, keep those.
        var fromLivePasses = false
        if words.isEmpty && !shown.isEmpty {
            words = shown
            fromLivePasses = true
        }
        return Outcome(transcript: transcript, kept: kept, words: words, fromLivePasses: fromLivePasses, repeated: repeated)
    }
}
