import Foundation
import OzenEngines
import OzenKit

/// The speaker model and the people she enrolled, as `caption` and `speakers` load them.
enum SpeakerSupport {
    static let modelName = "campplus"
    /// pyannote segmentation-3.0: where the voice changes inside a line.
    static let segmentationName = "segmentation"

    static func embedder(home: OzenHome) throws -> CAMPlusSpeakerEmbedder {
        try CAMPlusSpeakerEmbedder(model: try InstalledModel.load(modelName, in: home))
    }

    static func people(home: OzenHome, embedder: CAMPlusSpeakerEmbedder) throws -> KnownPeople {
        try KnownPeople.load(from: KnownPeople.path(in: home), model: embedder.modelName)
    }

    /// Labels for the live pipeline: the model, and the enrolled people made with it.
    static func lineSpeakers(home: OzenHome, enrolled: Bool = true) throws -> LineSpeakers {
        let model = try InstalledModel.load(modelName, in: home)
        let embedder = try CAMPlusSpeakerEmbedder(model: model)
        var people = enrolled ? try people(home: home, embedder: embedder) : KnownPeople(model: embedder.modelName)
        if people.model != embedder.modelName {
            FileHandle.standardError.write(Data((tr("ozen: האנשים הרשומים נרשמו במודל אחר — רשמו אותם שוב ב־ozen speakers enroll",
                                                    "ozen: the enrolled people were enrolled with another model — enrol them again with ozen speakers enroll") + "\n").utf8))
            people = KnownPeople(model: embedder.modelName)
        }
        let finder = try PyannoteVoiceChangeFinder(segmentation: try InstalledModel.load(segmentationName, in: home),
                                                   embedding: model)
        return LineSpeakers(embedder: embedder, changeFinder: finder, people: people)
    }
}
