import Foundation
import OzenEngines
import OzenKit

/// `ozen sounds eval [--levels 6,0,-6,-12] [--minutes 10] [--fixtures DIR]`: how well the sound
/// alerts hear real sounds in real talk, as JSON.
///
/// Every alert recording (the freedesktop sound theme's alarm clock and phone, linphone's old
/// telephone, …; Tests/Fixtures/README.md) is laid into every real speech recording (five
/// LibriVox clips, jfk, the pyannote call) 2 s in, at each level against the speech, and fed
/// through a `SoundWatch` as a live stream would be: detection rate, false alarms and delay per
/// recording, level and kind. Then the speech recordings, joined and looped to `--minutes`
/// of plain conversation, count the alerts talk alone raises (the target is none). Desktop
/// chimes that are no alert sound (a "message" ping) are reported apart: what they raise is
/// neither a detection nor a false alarm in talk.
enum SoundsEvalCommand {
    /// An alert recording and the kind it must raise; `times`/`gap` make it ring as the real
    /// thing does (a phone rings again and again).
    struct AlertSound {
        var file: String
        var kind: String?
        var times: Int
        var gap: Double
        var source: String
    }

    static let sounds: [AlertSound] = [
        AlertSound(file: "alarm-clock-elapsed.wav", kind: "alarm", times: 1, gap: 0, source: "sound-theme-freedesktop 0.8 (CC-BY-SA-3.0)"),
        AlertSound(file: "phone-incoming-call.wav", kind: "phone", times: 3, gap: 0.3, source: "sound-theme-freedesktop 0.8 (GPL-2+)"),
        AlertSound(file: "oldphone-mono.wav", kind: "phone", times: 2, gap: 1.0, source: "linphone-common 5.1.65 (GPL-3+)"),
        AlertSound(file: "phone-outgoing-calling.wav", kind: "phone", times: 3, gap: 1.0, source: "sound-theme-freedesktop 0.8 (GPL-2+)"),
        AlertSound(file: "firetruck.wav", kind: "siren", times: 1, gap: 0, source: "tuxpaint-stamps-default 2022.06.04 (GPL-2)"),
        AlertSound(file: "dog.wav", kind: "dog", times: 3, gap: 0.3, source: "tuxpaint-stamps-default 2022.06.04 (GPL-2)"),
        AlertSound(file: "blackcat.wav", kind: "cat", times: 2, gap: 0.5, source: "tuxpaint-stamps-default 2022.06.04 (GPL-2)"),
        AlertSound(file: "dialog-warning.wav", kind: "doorbell", times: 2, gap: 0.6, source: "sound-theme-freedesktop 0.8 (CC-BY-SA-3.0)"),
        AlertSound(file: "bell.wav", kind: nil, times: 2, gap: 0.6, source: "sound-theme-freedesktop 0.8 (CC-BY-3.0)"),
        AlertSound(file: "complete.wav", kind: nil, times: 1, gap: 0, source: "sound-theme-freedesktop 0.8 (CC-BY-3.0)"),
        AlertSound(file: "message-new-instant.wav", kind: nil, times: 1, gap: 0, source: "sound-theme-freedesktop 0.8 (GPL-2+)"),
    ]

    /// Where the sound starts in each trial: after 2 s of talk, so the watch has heard speech first.
    static let soundStart = 2.0

    static func run(_ arguments: [String], home: OzenHome) throws {
        let args = try ArgumentReader(arguments, options: ["--levels", "--minutes", "--fixtures", "--only", "--scores-out"], flags: [])
        guard args.positional.isEmpty else { throw UsageError(SoundsCommand.usage) }
        let levels = try (args.value("--levels") ?? "6,0,-6,-12").split(separator: ",").map { raw -> Double in
            guard let level = Double(raw.trimmingCharacters(in: .whitespaces)), (-40...40).contains(level) else {
                throw UsageError(tr("--levels צריך מספרי dB מופרדים בפסיקים, למשל 6,0,-6,-12", "--levels needs dB numbers separated by commas, e.g. 6,0,-6,-12"))
            }
            return level
        }
        let minutesRaw = args.value("--minutes") ?? "10"
        guard let minutes = Double(minutesRaw), minutes >= 0, minutes <= 120 else {
            throw UsageError(tr("--minutes צריך מספר דקות בין 0 ל־120, קיבל '\(minutesRaw)'", "--minutes needs minutes between 0 and 120, got '\(minutesRaw)'"))
        }
        let folder = args.value("--fixtures") ?? "Tests/Fixtures/downloaded"
        let chosen = args.values("--only")
        let alertSounds = chosen.isEmpty ? sounds : sounds.filter { chosen.contains($0.file) }
        guard !alertSounds.isEmpty else {
            throw UsageError(tr("--only צריך אחד מאלה: ", "--only needs one of: ") + sounds.map(\.file).joined(separator: ", "))
        }
        let speech = try speechRecordings(in: folder)
        let classifier = try YAMNetSoundClassifier(home: home)
        let began = Date()
        // --scores-out FILE: every window's catalog scores of every trial, one JSON line each,
        // for tuning thresholds away from the classifier (scores, never audio).
        let scoresOut = try args.value("--scores-out").map { path -> FileHandle in
            FileManager.default.createFile(atPath: path, contents: nil)
            return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        }
        let listened = Set(SoundKind.all.flatMap(\.classes))
        func watch(trial: String) -> SoundWatch {
            let watch = SoundWatch(classifier: classifier)
            if let scoresOut {
                let names = classifier.classNames
                watch.onScores = { scores, end in
                    let heard = scores.indices.filter { listened.contains(names[$0]) && scores[$0] >= 0.05 }
                    let line = JSONValue.object([("trial", .string(trial)), ("end", .number(end, decimals: 2)),
                                                 ("scores", .object(heard.map { (names[$0], .number(Double(scores[$0]), decimals: 3)) }))])
                    scoresOut.write(Data((line.serialized() + "\n").utf8))
                }
            }
            return watch
        }

        var soundReports: [JSONValue] = []
        var perKind: [String: (trials: Int, detected: Int, falseAlarms: Int)] = [:]
        var falseByKind: [String: Int] = [:]
        for sound in alertSounds {
            let path = folder + "/sounds/" + sound.file
            let samples = SoundMix.repeated(try WAVDecoder().read(path: path).atSpeechRate().samples, times: sound.times, gapSeconds: sound.gap)
            var byLevel: [JSONValue] = []
            var raised: [String: Int] = [:]
            for level in levels {
                var detected = 0, falseAlarms = 0
                var delays: [Double] = []
                for (name, speechSamples) in speech {
                    // The talk around the sound: 2 s before it, 4 s after (looped if shorter).
                    let offset = Int(soundStart * Double(MonoAudio.speechRate))
                    let bed = (0..<(offset + samples.count + 4 * MonoAudio.speechRate)).map { speechSamples[$0 % speechSamples.count] }
                    let mixed = SoundMix.mix(sound: samples, into: bed, at: offset, levelDB: level)
                    var trial = SoundTrial(expected: sound.kind, soundStart: soundStart,
                                           soundEnd: soundStart + Double(samples.count) / Double(MonoAudio.speechRate))
                    try trial.run(watch(trial: "\(sound.file)|\(level)|\(name)|\(trial.soundEnd)"), over: mixed)
                    for alert in trial.alerts { raised[alert.kind, default: 0] += 1 }
                    if let delay = trial.delay {
                        detected += 1
                        delays.append(delay)
                    }
                    if sound.kind != nil {
                        falseAlarms += trial.falseAlarms.count
                        for alert in trial.falseAlarms { falseByKind[alert.kind, default: 0] += 1 }
                    }
                }
                var fields: [(String, JSONValue)] = [("db", .number(level, decimals: 1)), ("trials", .int(speech.count))]
                if sound.kind != nil {
                    fields += [("detected", .int(detected)), ("false_alarms", .int(falseAlarms)),
                               ("median_delay", Percentile.of(delays, 50).map { .number($0, decimals: 2) } ?? .null)]
                    let kind = sound.kind!
                    perKind[kind, default: (0, 0, 0)].trials += speech.count
                    perKind[kind, default: (0, 0, 0)].detected += detected
                    perKind[kind, default: (0, 0, 0)].falseAlarms += falseAlarms
                }
                byLevel.append(.object(fields))
            }
            soundReports.append(.object([
                ("file", .string(sound.file)), ("kind", sound.kind.map { .string($0) } ?? .null),
                ("source", .string(sound.source)), ("seconds", .number(Double(samples.count) / Double(MonoAudio.speechRate), decimals: 2)),
                ("by_level", .array(byLevel)),
                ("alerts_raised", .object(raised.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ]))
        }

        let kinds: [JSONValue] = perKind.keys.sorted().map { kind in
            let k = perKind[kind]!
            return .object([("kind", .string(kind)), ("trials", .int(k.trials)), ("detected", .int(k.detected)),
                            ("detection_rate", .number(Double(k.detected) / Double(max(1, k.trials)), decimals: 3)),
                            ("false_alarms", .int(k.falseAlarms))])
        }

        // Plain conversation: every speech recording, joined, looped to the asked length.
        let joined = speech.flatMap(\.samples)
        let wanted = Int(minutes * 60 * Double(MonoAudio.speechRate))
        let talk = wanted == 0 ? [] : (0..<wanted).map { joined[$0 % joined.count] }
        var plain = SoundTrial(expected: nil)
        let talkWatch = watch(trial: "conversation")
        try plain.run(talkWatch, over: talk)
        var talkByKind: [String: Int] = [:]
        for alert in plain.alerts { talkByKind[alert.kind, default: 0] += 1 }

        let report = JSONValue.object([
            ("classifier", .string(YAMNetSoundClassifier.modelName)),
            ("levels_db", .array(levels.map { .number($0, decimals: 1) })),
            ("speech_recordings", .array(speech.map { .string($0.name) })),
            ("sounds", .array(soundReports)),
            ("kinds", .array(kinds)),
            ("false_alarms_by_kind", .object(falseByKind.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("conversation", .object([
                ("seconds", .number(Double(talk.count) / Double(MonoAudio.speechRate), decimals: 1)),
                ("windows", .int(talkWatch.windowsHeard)), ("alerts", .int(plain.alerts.count)),
                ("by_kind", .object(talkByKind.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
                ("alerts_list", .array(plain.alerts.map(\.json))),
            ])),
            ("seconds_taken", .number(Date().timeIntervalSince(began), decimals: 1)),
        ])
        print(report.serialized())
    }

    /// The real speech recordings of the fixtures, at 16 kHz.
    static func speechRecordings(in folder: String) throws -> [(name: String, samples: [Float])] {
        let librivox = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/librivox"))?
            .filter { $0.hasSuffix(".wav") }.sorted().map { "librivox/" + $0 } ?? []
        let names = librivox + ["jfk/jfk.wav", "pyannote/sample.wav"]
        guard librivox.count == 5, FileManager.default.fileExists(atPath: folder + "/sounds/bell.wav") else {
            throw AudioFileError.missing(path: folder + "/sounds")
        }
        return try names.map { (name: $0, samples: try WAVDecoder().read(path: folder + "/" + $0).atSpeechRate().samples) }
    }
}
