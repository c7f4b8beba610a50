import Foundation
import OzenKit

extension SpeakersEval {
    /// The table's turns from `--table DIR`'s people, or else from the fixtures.
    public static func turns(fixtures: String, people: SpeakersEvalSettings.People?) throws -> [SimulatedTable.Turn] {
        try people.map { try peopleTurns(folder: $0.folder, secondsEach: $0.secondsEach) } ?? tableTurns(folder: fixtures)
    }

    /// The table's turns: every stretch of 2 s or more where one known person talks alone.
    public static func tableTurns(folder: String) throws -> [SimulatedTable.Turn] {
        func read(_ relative: String) throws -> [Float] { try WAVDecoder().read(path: folder + "/" + relative).atSpeechRate().samples }
        var turns: [SimulatedTable.Turn] = []
        let librivox = try FileManager.default.contentsOfDirectory(atPath: folder + "/librivox").filter { $0.hasSuffix(".wav") }.sorted()
        for file in librivox { turns.append(.init(speaker: "librivox reader", samples: try read("librivox/" + file))) }
        turns.append(.init(speaker: "kennedy", samples: try read("jfk/jfk.wav")))
        let call = try read("pyannote/sample.wav")
        let rttm = SpeechTurn.rttm(try String(contentsOfFile: folder + "/pyannote/sample.rttm", encoding: .utf8))
        for solo in SpeechTurn.solo(rttm) where solo.end - solo.start >= 2 {
            let rate = Double(MonoAudio.speechRate)
            turns.append(.init(speaker: "call " + solo.speaker, samples: Array(call[Int(solo.start * rate)..<min(call.count, Int(solo.end * rate))])))
        }
        // The cards clips are 1–3.5 s each; pairs make turns of about 3 s.
        let gap = [Float](repeating: 0, count: MonoAudio.speechRate * 15 / 100)
        for pair in [["001", "002"], ["003", "004"], ["005"]] {
            turns.append(.init(speaker: "cards reader", samples: try pair.map { try read("cards/\($0).wav") }.joined(separator: gap).map { $0 }))
        }
        return turns.flatMap { $0.pieces(longest: 10) }.filter { $0.seconds >= 2 }
    }

    /// `--table DIR`: a turn from every stretch of 2–10 s of each person's recordings, at most
    /// `secondsEach` seconds a person. Each folder is a person; at least two are needed.
    static func peopleTurns(folder: String, secondsEach: Double) throws -> [SimulatedTable.Turn] {
        let files = FileManager.default
        guard let people = try? files.contentsOfDirectory(atPath: folder).sorted() else {
            throw UsageError(tr("אין תיקייה \(folder): תנו תיקייה ובה תיקייה של הקלטות WAV לכל אדם", "no folder \(folder): give a folder with one folder of WAV recordings per person"))
        }
        var turns: [SimulatedTable.Turn] = []
        var found = 0
        for person in people {
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: folder + "/" + person, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let recordings = (try files.contentsOfDirectory(atPath: folder + "/" + person)).filter { $0.lowercased().hasSuffix(".wav") }.sorted()
            let audio = try recordings.map { try WAVDecoder().read(path: folder + "/" + person + "/" + $0).atSpeechRate().samples }
            turns += SimulatedTable.turns(of: person, recordings: audio, upTo: secondsEach)
            if recordings.count > 0 { found += 1 }
        }
        guard found >= 2 else {
            throw UsageError(tr("ב־\(folder) צריכות להיות שתי תיקיות לפחות, אחת לכל אדם, עם הקלטות WAV",
                                "\(folder) needs at least two folders, one per person, each with WAV recordings"))
        }
        return turns
    }
}
