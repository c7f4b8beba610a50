import Foundation
import OzenEngines
import OzenKit

/// The settings a session's pipeline runs with: the recognizer's and the live pipeline's,
/// from their defaults and the tuning knobs in `OzenEnvironment` (`Knob`, docs/settings.md),
/// for captions, the interpreter and dictation. Every command and the server build theirs here.
public enum PipelineSettings {
    /// `OZEN_AUDIO_CONTEXT_MARGIN` (encoder frames beyond the audio's own; 0 = Whisper's full
    /// 30 s window), `OZEN_THREADS` (CPU threads per pass) and `OZEN_LIVE_THREADS` (per live
    /// pass; half of those by default) exist for benchmarks and tuning (`Knob`, docs/settings.md).
    public static func recognizer(_ environment: OzenEnvironment = .current) throws -> WhisperRecognizer.Settings {
        var settings = WhisperRecognizer.Settings.default
        if let margin = try environment.audioContextMargin { settings.audioContextMargin = margin }
        if let threads = try environment.threads { settings.threads = threads }
        if let threads = try environment.liveThreads { settings.livePassThreads = threads }
        return settings
    }

    /// `OZEN_PAUSE` (seconds of silence that end an utterance, whose final pass then runs),
    /// `OZEN_LINE_PAUSE` (seconds that end a line), `OZEN_PASS_GAP` and `OZEN_PASS_COST_FACTOR` (the
    /// least time between live passes, and the wait after one as a multiple of its cost), `OZEN_LEAD_IN` and `OZEN_TAIL` (audio an
    /// utterance keeps before its first and after its last voiced frame), `OZEN_FINAL_MARGIN` (encoder frames
    /// beyond the audio for final passes; 0 = the full 30 s window), `OZEN_NO_CORRECTIONS` (locked lines keep
    /// their first words) and `OZEN_FINAL_BEAM` (the
    /// final pass's beam width) are the replay tool's knobs.
    public static func captions(language: SpokenLanguage, keywords: [String] = [],
                                environment: OzenEnvironment = .current) throws -> LiveSettings {
        var settings = LiveSettings(language: language)
        settings.keywords = keywords
        settings.wordsListPath = WordsList.path(in: environment.home)
        if let pause = try environment.pause { settings.cutter.pauseToClose = pause }
        if let pause = try environment.linePause { settings.linePause = pause }
        if let quiet = try environment.finalAfterQuiet { settings.finalAfterQuiet = quiet }
        if let lead = try environment.leadIn { settings.cutter.leadIn = lead }
        if let tail = try environment.tail { settings.cutter.tail = tail }
        if let gap = try environment.passGap { settings.minimumPassGap = gap }
        if let factor = try environment.passCostFactor { settings.passCostFactor = factor }
        if let margin = try environment.finalMargin { settings.finalAudioContextMargin = margin }
        if let beam = try environment.finalBeam { settings.finalBeamSize = beam }
        settings.corrections.enabled = environment.correctsLines
        if let below = try environment.correctBelow { settings.corrections.belowConfidence = Double(below) }
        if let context = try environment.correctContext { settings.corrections.context = context }
        return settings
    }

    /// The interpreter's caption pipeline in the source language, with each utterance its own
    /// line: a line is translated when it locks, so the pause that ends an utterance (0.5 s) is
    /// the pause that closes a sentence. Long utterances still lock at settled punctuation.
    public static func interpreting(language: SpokenLanguage) throws -> LiveSettings {
        var settings = try captions(language: language)
        settings.linePause = settings.cutter.pauseToClose
        settings.wordsListPath = nil
        return settings
    }

    /// The live pipeline's settings for a dictation take: captions' own, without alert words, and with the
    /// open utterance's final pass started after 0.25 s of quiet (`LiveSettings.finalAfterQuiet`),
    /// so the text is ready sooner after she taps stop. 0.25 s is the cutter's tail: the pass
    /// then hears exactly the audio the utterance closes with. At 0.2 s (0.05 s less of the last
    /// word) the five-person table's locked lines had 9.9 % of words wrong against 7.7 % without
    /// an early final, and 7.7 % at 0.25 (`OZEN_FINAL_AFTER_QUIET=… ozen bench accuracy --table`).
    public static func dictation(language: SpokenLanguage) throws -> LiveSettings {
        var settings = try captions(language: language)
        settings.keywords = []
        settings.finalAfterQuiet = settings.finalAfterQuiet ?? settings.cutter.tail
        return settings
    }
}
