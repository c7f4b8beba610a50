import Foundation
import OzenEngines
import OzenKit

/// `ozen sounds eval [--half tune|report] [--levels 0,-10,-20] [--minutes 60] [--tune] [--json]`:
/// how well the sound alerts hear real sounds in real talk.
///
/// Every alert recording setup installs (`scripts/alert-sounds.tsv`: doorbells, knocks, alarms,
/// sirens, phones, babies, dogs, cats, kettles, appliance beeps, water, glass, horns, shouting,
/// and desktop chimes that must raise nothing) of the chosen half is laid into every speech
/// recording of that half, 2 s in, at each loudness against the speech, and fed through a
/// `SoundWatch` as a live stream would be. Printed: recall per kind and per loudness, how soon
/// after its onset each sound was reported (median), the alerts raised on the wrong recordings,
/// and the alerts plain conversation raises per hour (the half's talk joined and looped to
/// `--minutes`), beside the classifier's cost per window.
///
/// The halves: `tune` lays its recordings into the LibriVox reader and Kennedy, with LibriVox,
/// Kennedy, the cards reader and the French and Italian prompts as its talk; `report` lays its
/// own recordings into the pyannote call and the five `people/` (none of them in `tune`), with
/// the conversation as its talk: the five-person table, the LibriVox reading and the
/// call. `--tune` chooses every kind's numbers on the tune half (`SoundThresholdSearch`) and
/// prints them for `SoundKinds.swift`; the report half is what the README quotes.
public enum SoundsEval {
    /// Where the sound starts in each trial: after 2 s of talk, so the watch has heard speech first.
    static let soundStart = 2.0
    /// The list setup installs the recordings from, copied beside them.
    static let catalogueFile = "alerts/alert-sounds.tsv"

    /// Runs the eval and returns what it prints: the report (text or JSON), or with `tune` the
    /// numbers chosen for `SoundKinds.swift`. With `retune` the numbers are first chosen on the
    /// tune half with these same settings (another hop, window or feed), and the report half is
    /// reported with them: one command for a setting's figures, no table edited by hand. With
    /// `ceiling` they are chosen on the very half reported: the most any numbers could find
    /// there with this tagger, its windows and its talk kept quiet (to tell whether a target
    /// is within reach of thresholds at all); never numbers to ship.
    public static func run(_ options: SoundsEvalSettings, home: OzenHome) throws -> String {
        let classifier = try options.tagger.classifier(home: home, windowSeconds: options.windowSeconds, recentSeconds: options.recentSeconds)
        let began = Date()
        if options.tune {
            let heard = try hear(options.half, only: options.only, options: options, classifier: classifier)
            return SoundEvalReport.tuning(choose(options.tagger.kinds, on: heard, options: options),
                                          talkMinutes: heard.talkSeconds / 60, json: options.json)
        }
        var kinds = options.tagger.kinds
        if options.retune {
            kinds = choose(kinds, on: try hear(.tune, only: [], options: options, classifier: classifier), options: options).map(\.kind)
        }
        let heard = try hear(options.half, only: options.only, options: options, classifier: classifier)
        if options.ceiling { kinds = choose(kinds, on: heard, options: options).map(\.kind) }
        let half = options.ceiling ? options.half.rawValue + ", numbers chosen on it: a ceiling, not a result" : options.half.rawValue
        var report = SoundEvalReport(kinds: kinds, classNames: heard.classNames, trials: heard.trials, talk: heard.talk,
                                     levels: options.levels, half: half, recordings: heard.recordings,
                                     speech: heard.speech, talkName: heard.talkName,
                                     millisecondsPerWindow: heard.millisecondsPerWindow,
                                     secondsTaken: Date().timeIntervalSince(began))
        if let spread = options.spread {
            report.placed = String(format: "each sound 2 s in and a different eighth of a %g s hop later", spread)
        }
        if let music = heard.music { report.countMusic(music.trial, name: music.name, kinds: kinds, classNames: heard.classNames) }
        return options.json ? report.json.serialized() : report.text
    }

    /// One half as the classifier heard it: every recording laid into every speech recording
    /// at every level, and the half's plain talk, each window's scores kept.
    struct Heard {
        var recordings: [AlertRecording]
        var speech: [String]
        var trials: [RecordedSoundTrial]
        var talk: RecordedSoundTrial
        var talkName: String
        var talkSeconds: Double
        var classNames: [String]
        var millisecondsPerWindow: Double
        /// The half's music, alone and under its talk (`music(_:beds:folder:minutes:rate:)`).
        var music: (trial: RecordedSoundTrial, name: String)?
    }

    static func hear(_ half: AlertRecording.Half, only: [String], options: SoundsEvalSettings,
                     classifier: any SoundClassifier) throws -> Heard {
        let catalogue = try recordings(in: options.folder).filter { $0.half == half }
        let chosen = only.isEmpty ? catalogue : catalogue.filter { only.contains($0.file) }
        guard !chosen.isEmpty else {
            throw UsageError(tr("--only צריך אחד מאלה: ", "--only needs one of: ") + catalogue.map(\.file).joined(separator: ", "))
        }
        var recorder = SoundScoreRecorder(classifier: classifier, hopSeconds: options.hopSeconds)
        var trials: [RecordedSoundTrial] = []
        let feed = options.feedRate
        let beds = try speechBeds(half, folder: options.folder).map { (name: $0.name, samples: upsampled($0.samples, to: feed)) }
        try forEachMix(of: chosen, in: beds, levels: { _ in options.levels }, rate: feed, folder: options.folder,
                       spread: options.spread) { mix in
            trials.append(try recorder.record(mix.samples, rate: feed, name: "\(mix.recording.file) at \(Int(mix.level)) dB in \(mix.bed)",
                                              recording: mix.recording.file, expected: mix.recording.kind, levelDB: mix.level,
                                              soundStart: mix.start, soundEnd: mix.end))
        }
        let talkAudio = try talk(half, beds: beds, folder: options.folder, minutes: options.minutes, rate: feed)
        let talkTrial = try recorder.record(talkAudio.samples, rate: feed, name: talkAudio.name, expected: nil, levelDB: nil,
                                            soundStart: 0, soundEnd: 0)
        var music: (trial: RecordedSoundTrial, name: String)?
        if !options.tune, let audio = try self.music(half, beds: beds, folder: options.folder, minutes: options.musicMinutes, rate: feed) {
            music = (try recorder.record(audio.samples, rate: feed, name: audio.name, expected: nil, levelDB: nil, soundStart: 0, soundEnd: 0),
                     audio.name)
        }
        return Heard(recordings: chosen, speech: beds.map(\.name), trials: trials, talk: talkTrial, talkName: talkAudio.name,
                     talkSeconds: talkAudio.seconds, classNames: recorder.classNames,
                     millisecondsPerWindow: recorder.millisecondsPerWindow, music: music)
    }

    /// Every kind's numbers chosen on a heard tune half (`SoundThresholdSearch`).
    static func choose(_ kinds: [SoundKind], on heard: Heard, options: SoundsEvalSettings) -> [SoundThresholdSearch.Choice] {
        var search = SoundThresholdSearch(classNames: heard.classNames, trials: heard.trials, talk: [heard.talk])
        search.judgedAgainstTalk = options.againstTalk
        return kinds.map { search.choose(for: $0) }
    }
}
