import Foundation
import OzenKit

extension SoundsEval {
    /// The alert recordings setup installed, from the list beside them.
    static func recordings(in folder: String) throws -> [AlertRecording] {
        let path = folder + "/" + catalogueFile
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw AudioFileError.missing(path: path)
        }
        return try AlertRecording.catalogue(tsv: text)
    }

    /// The speech each half's sounds are laid into.
    static func speechBeds(_ half: AlertRecording.Half, folder: String) throws -> [(name: String, samples: [Float])] {
        let names: [String]
        switch half {
        case .tune:
            let librivox = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/librivox"))?
                .filter { $0.hasSuffix(".wav") }.sorted().map { "librivox/" + $0 } ?? []
            guard librivox.count == 5 else { throw AudioFileError.missing(path: folder + "/librivox") }
            names = librivox + ["jfk/jfk.wav"]
        case .report:
            names = ["pyannote/sample.wav", "people/allison/demo-instruct.wav", "people/carlo/demo-instruct.wav",
                     "people/june/demo-instruct.wav", "people/lecturer/lecture.wav", "people/michael/acoustic_corpus.wav"]
        }
        return try names.map { (name: $0, samples: try WAVDecoder().read(path: folder + "/" + $0).atSpeechRate().samples) }
    }

    /// Plain conversation for the half, joined and looped to `minutes` (the tune half's begins
    /// with its speech `beds`).
    static func talk(_ half: AlertRecording.Half, beds: [(name: String, samples: [Float])], folder: String,
                     minutes: Double) throws -> (name: String, samples: [Float], seconds: Double) {
        func read(_ relative: String) throws -> [Float] { try WAVDecoder().read(path: folder + "/" + relative).atSpeechRate().samples }
        var joined: [Float] = []
        let name: String
        switch half {
        case .tune:
            for bed in beds { joined += bed.samples }
            for clip in try FileManager.default.contentsOfDirectory(atPath: folder + "/cards").filter({ $0.hasSuffix(".wav") }).sorted() {
                joined += try read("cards/" + clip)
            }
            joined += try read("interpreter/fr/conversation.wav") + read("interpreter/it/conversation.wav")
            name = "LibriVox, Kennedy, the cards reader, French and Italian prompts"
        case .report:
            joined = SimulatedTable(turns: try SpeakersEval.tableTurns(folder: folder), seed: 7, pauses: 0.8...1.2).audio
            for clip in try FileManager.default.contentsOfDirectory(atPath: folder + "/librivox").filter({ $0.hasSuffix(".wav") }).sorted() {
                joined += try read("librivox/" + clip)
            }
            joined += try read("pyannote/sample.wav")
            name = "the five-person table, the LibriVox reading and the pyannote call"
        }
        let wanted = Int(minutes * 60 * Double(MonoAudio.speechRate))
        let samples = wanted == 0 ? [] : (0..<wanted).map { joined[$0 % joined.count] }
        return (name, samples, Double(samples.count) / Double(MonoAudio.speechRate))
    }
}
