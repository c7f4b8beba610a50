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
    /// numbers chosen for `SoundKinds.swift`.
    public static func run(_ options: SoundsEvalSettings, home: OzenHome) throws -> String {
        let catalogue = try recordings(in: options.folder).filter { $0.half == options.half }
        let chosen = options.only.isEmpty ? catalogue : catalogue.filter { options.only.contains($0.file) }
        guard !chosen.isEmpty else {
            throw UsageError(tr("--only צריך אחד מאלה: ", "--only needs one of: ") + catalogue.map(\.file).joined(separator: ", "))
        }
        let classifier = try options.tagger.classifier(home: home, windowSeconds: options.windowSeconds, recentSeconds: options.recentSeconds)
        let kinds = options.tagger.kinds
        var recorder = SoundScoreRecorder(classifier: classifier, hopSeconds: options.hopSeconds)
        let began = Date()

        var trials: [RecordedSoundTrial] = []
        let feed = options.feedRate
        let beds = try speechBeds(options.half, folder: options.folder).map { (name: $0.name, samples: upsampled($0.samples, to: feed)) }
        let rate = Double(feed)
        for recording in chosen {
            let sound = SoundMix.repeated(try alertSamples(recording.file, folder: options.folder, rate: feed),
                                          times: recording.times, gapSeconds: recording.gap, rate: feed)
            let offset = Int(soundStart * rate)
            for level in options.levels {
                for bed in beds {
                    let around = (0..<(offset + sound.count + 4 * feed)).map { bed.samples[$0 % bed.samples.count] }
                    let mixed = SoundMix.mix(sound: sound, into: around, at: offset, levelDB: level, rate: feed)
                    trials.append(try recorder.record(mixed, rate: feed, name: "\(recording.file) at \(Int(level)) dB in \(bed.name)",
                                                      recording: recording.file, expected: recording.kind, levelDB: level, soundStart: soundStart,
                                                      soundEnd: soundStart + Double(sound.count) / rate))
                }
            }
        }
        let talkAudio = try talk(options.half, beds: beds, folder: options.folder, minutes: options.minutes, rate: feed)
        let talkTrial = try recorder.record(talkAudio.samples, rate: feed, name: talkAudio.name, expected: nil, levelDB: nil,
                                            soundStart: 0, soundEnd: 0)

        if options.tune {
            var search = SoundThresholdSearch(classNames: recorder.classNames, trials: trials, talk: [talkTrial])
            search.judgedAgainstTalk = options.againstTalk
            let choices = kinds.map { search.choose(for: $0) }
            return SoundEvalReport.tuning(choices, talkMinutes: talkAudio.seconds / 60, json: options.json)
        }
        let report = SoundEvalReport(kinds: kinds, classNames: recorder.classNames, trials: trials, talk: talkTrial,
                                     levels: options.levels, half: options.half.rawValue, recordings: chosen,
                                     speech: beds.map(\.name), talkName: talkAudio.name,
                                     millisecondsPerWindow: recorder.millisecondsPerWindow,
                                     secondsTaken: Date().timeIntervalSince(began))
        return options.json ? report.json.serialized() : report.text
    }
}
